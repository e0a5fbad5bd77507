import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { addNote, deleteNote, editNote, getNotes } from "./notes.service.ts";

const schemas = routeSchemas({ tag: "notes", errors: collectionErrors });

export function notesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.notes.list,
      schemas.query(contract.getNotesQuerySchema, { 200: contract.notesResponseSchema }),
      async (request) => ({ data: { notes: await getNotes(ctx, request.query.companyId, request.query) } }),
    );

    app.post(
      contract.apiPaths.notes.add,
      schemas.body(contract.addNoteRequestSchema, { 201: contract.noteResponseSchema }),
      async (request, reply) => {
        const note = await addNote(ctx, request.body.companyId, currentUser(request), request.body);
        return reply.status(201).send({ data: { note } });
      },
    );

    app.post(
      contract.apiPaths.notes.edit,
      schemas.body(contract.editNoteRequestSchema, { 200: contract.noteResponseSchema }),
      async (request) => ({ data: { note: await editNote(ctx, request.body.companyId, request.body) } }),
    );

    app.post(
      contract.apiPaths.notes.delete,
      schemas.body(contract.deleteNoteRequestSchema, { 200: contract.deleteNoteResponseSchema }),
      async (request) => {
        await deleteNote(ctx, request.body.companyId, request.body.noteId);
        return { data: { deleted: true } };
      },
    );
  };
}
