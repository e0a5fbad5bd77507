import {
  addNoteRequestSchema,
  apiPaths,
  deleteNoteRequestSchema,
  deleteNoteResponseSchema,
  editNoteRequestSchema,
  getNotesQuerySchema,
  noteResponseSchema,
  notesResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { addNote, deleteNote, editNote, getNotes } from "./notes.service.ts";

const secured = { security: [{ bearer: [] }], tags: ["notes"] };

export function notesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authenticate before the request is validated: an anonymous caller learns nothing but 401.

    app.get(
      apiPaths.notes.list,
      {
        schema: {
          ...secured,
          querystring: getNotesQuerySchema,
          response: { 200: notesResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: { notes: await getNotes(ctx, request.query.companyId, request.query) } };
      },
    );

    app.post(
      apiPaths.notes.add,
      {
        schema: {
          ...secured,
          body: addNoteRequestSchema,
          response: { 201: noteResponseSchema, ...collectionErrors },
        },
      },
      async (request, reply) => {
        const note = await addNote(ctx, request.body.companyId, currentUser(request), request.body);
        return reply.status(201).send({ data: { note } });
      },
    );

    app.post(
      apiPaths.notes.edit,
      {
        schema: {
          ...secured,
          body: editNoteRequestSchema,
          response: { 200: noteResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: { note: await editNote(ctx, request.body.companyId, request.body) } };
      },
    );

    app.post(
      apiPaths.notes.delete,
      {
        schema: {
          ...secured,
          body: deleteNoteRequestSchema,
          response: { 200: deleteNoteResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        await deleteNote(ctx, request.body.companyId, request.body.noteId);
        return { data: { deleted: true } };
      },
    );
  };
}
