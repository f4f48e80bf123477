// Request validation with zod through Hono's validator; a failure is a 400 naming the field.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
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

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new ApiError(400, "invalid-request", describe(result.error));
  });
}
