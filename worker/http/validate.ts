// Request validation with zod through Hono's validator; a failure is a 400 naming the field.
//
// JSON bodies must say so: `Content-Type: application/json` (or a `+json` type), else 415.
// Without that rule any web page could send a "simple" cross-origin request (text/plain or a
// form) that needs no CORS preflight, e.g. create players from its visitors' browsers. A route
// whose clients cannot set the type (navigator.sendBeacon sends text/plain) opts out with
// `validate("json", schema, { anyContentType: true })`, and must then authenticate from the body.
import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import * as z from "zod";
import { ApiError } from "./errors.ts";

interface Issues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

function describe(error: Issues): string {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid request";
  const where = issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  return `${where}${issue.message}`;
}

// The media types Hono's JSON validator parses.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType.split(";")[0]!.trim());
}

export function requireJsonContentType(c: Context): void {
  const type = c.req.header("Content-Type");
  if (isJsonContentType(type)) return;
  const sent = type === undefined ? "no Content-Type" : `Content-Type ${JSON.stringify(type.slice(0, 100))}`;
  throw new ApiError(415, "unsupported-media-type", `send a JSON body with Content-Type: application/json (got ${sent}; {} is enough when there is nothing to say)`);
}

export interface ValidateOptions {
  /** JSON target only: parse the body as JSON whatever its Content-Type (navigator.sendBeacon). */
  anyContentType?: boolean;
  /** JSON target only: a request without a body (no Content-Type, nothing sent) is validated as `{}`. */
  optionalBody?: boolean;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema, options: ValidateOptions = {}) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw new ApiError(400, "invalid-request", describe(result.error));
  });
  if (target !== "json") return validator;
  const json: typeof validator = async (c, next) => {
    if (isJsonContentType(c.req.header("Content-Type"))) return validator(c, next);
    const text = options.optionalBody && c.req.header("Content-Type") === undefined ? await c.req.text() : undefined;
    if (text !== "" && !options.anyContentType) requireJsonContentType(c);
    // Opted out (or nothing sent): Hono would see no JSON here, so the body is parsed and checked by hand.
    let body: unknown;
    try {
      body = text === "" ? {} : JSON.parse(text ?? (await c.req.text()));
    } catch {
      throw new ApiError(400, "invalid-json", "the request body is not valid JSON");
    }
    const result = await schema.safeParseAsync(body);
    if (!result.success) throw new ApiError(400, "invalid-request", describe(result.error));
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
  return json;
}
