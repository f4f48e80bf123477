// A local Web Push service for the reminder tests (the web-push-testing package): it hands out
// subscriptions, decrypts what is pushed to them with the subscription's keys, and keeps the
// plain text for the test to read; an expired subscription answers 410. Started once for the
// Worker project, on a free port; its address is provided as "pushServiceUrl".
import { createRequire } from "node:module";
import { createServer } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pushServiceUrl: string;
  }
}

const require = createRequire(import.meta.url);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const TestingServer = require("web-push-testing/src/server.js") as new (model: unknown, port: number) => { startServer(): void; _server: { close(done: () => void): void } };
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => unknown };
  const port = await freePort();
  const server = new TestingServer(new PushApiModel(), port);
  const log = console.log;
  console.log = () => undefined; // its "Server running on port" line
  server.startServer();
  const url = `http://localhost:${port}`;
  // Ready once it answers.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/status`, { method: "POST" })).ok) break;
    } catch (error) {
      if (i > 200) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  console.log = log;
  project.provide("pushServiceUrl", url);
  return () => new Promise((resolve) => server._server.close(() => resolve()));
}
