/**
 * Error bodies as Intuit sends them (see research samples/fault-*):
 * - API faults: `{"Fault":{"Error":[{Message, Detail, code, element}],"type"},"time"}`, HTTP 400;
 * - gateway 401/403: the lower-case Java-serialised envelope (`fault.error[].message`
 *   "message=AuthenticationFailed; errorCode=003200; statusCode=401");
 * - 429: XML (`ThrottleExceeded`, code 3001) even to JSON clients, or JSON on request;
 * - 500: a SERVICE fault; 502/503: an HTML page from the load balancer;
 * - 504 from the latency model: XML GatewayTimeout (code 6002).
 */
import type { ServerResponse } from "node:http";
import { sendJson } from "../http.ts";
import { formatServerTime } from "./time.ts";

export interface FaultError {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

export function faultBody(errors: FaultError[], type: string, now: number) {
  return { Fault: { Error: errors, type }, time: formatServerTime(now) };
}

export function sendFault(
  res: ServerResponse,
  status: number,
  errors: FaultError[],
  now: number,
  type = "ValidationFault",
): void {
  sendJson(res, status, faultBody(errors, type, now));
}

export const OBJECT_NOT_FOUND: FaultError = {
  Message: "Object Not Found",
  Detail:
    "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.",
  code: "610",
  element: "",
};

export function unsupportedOperation(operation: string): FaultError {
  return {
    Message: "Unsupported Operation",
    Detail: `Operation ${operation} is not supported.`,
    code: "500",
    element: "",
  };
}

export function missingParameter(name: string): FaultError {
  return {
    Message: "Required param missing, need to supply the required value for the API",
    Detail: `Required parameter ${name} is missing in the request`,
    code: "2020",
    element: "",
  };
}

export function invalidParameter(detail: string): FaultError {
  return {
    Message: "Request has invalid or unsupported property",
    Detail: detail,
    code: "2010",
    element: "",
  };
}

/** The gateway's envelope for 401 and 403. */
function gatewayFault(status: 401 | 403, detail: string | null, now: number) {
  const [name, code, type] =
    status === 401
      ? ["AuthenticationFailed", "3200", "AUTHENTICATION"]
      : ["AuthorizationFailed", "3100", "SERVICE"];
  return {
    warnings: null,
    intuitObject: null,
    fault: {
      error: [
        {
          message: `message=${name}; errorCode=00${code}; statusCode=${status}`,
          detail,
          code,
          element: null,
        },
      ],
      type,
    },
    report: null,
    queryResponse: null,
    batchItemResponse: [],
    attachableResponse: [],
    syncErrorResponse: null,
    requestId: null,
    time: now,
    status: null,
    cdcresponse: [],
  };
}

export function sendUnauthorized(res: ServerResponse, detail: string, now: number): void {
  sendJson(res, 401, gatewayFault(401, detail, now), {
    "www-authenticate": 'Bearer realm="Intuit", error="invalid_token"',
  });
}

export function sendForbidden(res: ServerResponse, now: number): void {
  sendJson(res, 403, gatewayFault(403, null, now));
}

const THROTTLE_MESSAGE = "message=ThrottleExceeded; errorCode=003001; statusCode=429";
const THROTTLE_DETAIL = "The request limit was reached.  Try again later";

export function sendThrottled(res: ServerResponse, format: "xml" | "json", now: number): void {
  if (format === "json") {
    sendJson(
      res,
      429,
      faultBody([{ Message: THROTTLE_MESSAGE, Detail: THROTTLE_DETAIL, code: "3001" }], "SERVICE", now),
    );
    return;
  }
  sendXmlFault(res, 429, now, "3001", THROTTLE_MESSAGE, THROTTLE_DETAIL);
}

/**
 * Intuit's gateway timeout, XML whatever the request asked for, as captured in 2025
 * (mcohen01/node-quickbooks#242; the 2014 wording was "Timeout occurred while proxying request",
 * ruckus/quickbooks-ruby#175). No Detail element. The content type is a GUESS (as the 429's).
 */
export function sendGatewayTimeout(res: ServerResponse, now: number): void {
  sendXmlFault(res, 504, now, "6002", "message=GatewayTimeout; errorCode=006002; statusCode=504");
}

/** A SERVICE fault in Intuit's XML, laid out as the captured 429 and 504 are. */
function sendXmlFault(
  res: ServerResponse,
  status: number,
  now: number,
  code: string,
  message: string,
  detail?: string,
): void {
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<IntuitResponse time="${formatServerTime(now)}" xmlns="http://schema.intuit.com/finance/v3">\n` +
    `    <Fault type="SERVICE">\n` +
    `        <Error code="${code}">\n` +
    `            <Message>${message}</Message>\n` +
    (detail === undefined ? "" : `            <Detail>${detail}</Detail>\n`) +
    `        </Error>\n` +
    `    </Fault>\n` +
    `</IntuitResponse>\n`;
  res.writeHead(status, {
    "content-type": "application/xml;charset=UTF-8",
    "content-length": Buffer.byteLength(xml),
  });
  res.end(xml);
}

const STATUS_TEXT: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function sendServerError(res: ServerResponse, status: number, now: number): void {
  if (status === 500) {
    const error = {
      Message: "message=InternalServerError; errorCode=003100; statusCode=500",
      Detail: "An application error has occurred while processing your request",
      code: "3100",
    };
    sendJson(res, 500, faultBody([error], "SERVICE", now));
    return;
  }
  const text = STATUS_TEXT[status] ?? "Server Error";
  const html = `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n</body>\r\n</html>\r\n`;
  res.writeHead(status, { "content-type": "text/html", "content-length": Buffer.byteLength(html) });
  res.end(html);
}
