import { Hono } from "hono";
import { allShardD1s } from "../db/shards.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";
import { todayUtc } from "#engine";
import { MIN_SECRET_LENGTH } from "../puzzles/puzzles.ts";

export const health = new Hono<AppEnv>().get("/", async (c) => {
  try {
    // Every shard: a missing or unreachable one would lose its players' writes.
    await Promise.all(allShardD1s(c.env).map((d1) => d1.prepare("select 1").first()));
  } catch {
    throw new ApiError(503, "unavailable", "a database does not answer");
  }
  const puzzles = (c.env.DAILY_SECRET ?? "").length >= MIN_SECRET_LENGTH ? "ok" : "unavailable";
  return c.json({ status: "ok", database: "ok", puzzles, today: todayUtc() });
});
