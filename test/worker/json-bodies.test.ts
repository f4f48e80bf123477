// JSON bodies must be sent as JSON (Content-Type: application/json, or a +json type): anything
// else is 415 and changes nothing. Text and form bodies are what a page on another site can
// send without a CORS preflight; refusing them means no site can create players (or anything
// else) from its visitors' browsers.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { handleError } from "#worker/http/errors.ts";
import { validate } from "#worker/http/validate.ts";
import { call, countEverywhere, expectError, newPlayer, playerShard } from "./helpers.ts";

const players = () => countEverywhere("select count(*) as n from players");

describe("POST /api/players", () => {
  it("refuses bodies that are not JSON with 415 and a reason, creating no player", async () => {
    const before = await players();
    const form = new FormData();
    form.set("name", "Form");
    const attempts = [
      call("/api/players", { method: "POST" }),
      call("/api/players", { body: '{"name":"Plain"}', headers: { "Content-Type": "text/plain" } }),
      call("/api/players", { body: '{"name":"Plain"}', headers: { "Content-Type": "text/plain;charset=UTF-8" } }),
      call("/api/players", { body: "name=Form", headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      call("/api/players", { body: form }),
      call("/api/players", { body: '{"name":"Typeless"}', headers: { "Content-Type": "" } }),
    ];
    for (const res of await Promise.all(attempts)) {
      const text = await res.text();
      expect(res.status, text).toBe(415);
      expect(JSON.parse(text)).toEqual({ error: { code: "unsupported-media-type", message: expect.stringContaining("application/json") } });
    }
    expect(await players()).toBe(before);
  });

  it("takes JSON with parameters or a +json type", async () => {
    for (const type of ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.tumbleword+json"]) {
      const res = await call("/api/players", { body: '{"name":"Typed"}', headers: { "Content-Type": type } });
      expect(res.status, type).toBe(201);
      expect(((await res.json()) as { name: string }).name).toBe("Typed");
    }
  });

  it("answers an empty JSON body with 400", async () => {
    await expectError(await call("/api/players", { body: "", headers: { "Content-Type": "application/json" } }), 400, "invalid-json");
  });
});

describe("every other JSON route", () => {
  it("refuses a text body with 415 and changes nothing", async () => {
    const player = await newPlayer("Unchanged");
    const res = await call("/api/players/me", { method: "PATCH", body: '{"name":"Changed"}', headers: { "Content-Type": "text/plain" }, token: player.token });
    await expectError(res, 415, "unsupported-media-type");
    const row = await playerShard(player.playerId).prepare("select name from players where id = ?").bind(player.playerId).first<{ name: string }>();
    expect(row?.name).toBe("Unchanged");
  });
});

describe("validate(\"json\", schema, { anyContentType: true })", () => {
  // For a route fed by navigator.sendBeacon, which cannot set Content-Type: application/json.
  const app = new Hono();
  app.post("/beacon", validate("json", z.object({ n: z.number() }), { anyContentType: true }), (c) => c.json({ got: c.req.valid("json").n }));
  app.post("/strict", validate("json", z.object({ n: z.number() })), (c) => c.json({ got: c.req.valid("json").n }));
  app.onError(handleError);
  const post = (path: string, body: string, type?: string) => app.request(path, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("parses and checks the body whatever its type", async () => {
    for (const type of ["text/plain;charset=UTF-8", undefined, "application/json"]) {
      const res = await post("/beacon", '{"n": 7}', type);
      expect(res.status, String(type)).toBe(200);
      expect(await res.json()).toEqual({ got: 7 });
    }
    await expectError(await post("/beacon", "{n:", "text/plain"), 400, "invalid-json");
    await expectError(await post("/beacon", '{"n":"7"}', "text/plain"), 400, "invalid-request");
  });

  it("is needed: without it the same route answers 415", async () => {
    await expectError(await post("/strict", '{"n": 7}', "text/plain;charset=UTF-8"), 415, "unsupported-media-type");
    expect(await (await post("/strict", '{"n": 7}', "application/json")).json()).toEqual({ got: 7 });
  });
});
