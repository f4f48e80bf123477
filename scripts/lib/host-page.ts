// "Another site": a page on 127.0.0.1 that embeds the board with the README's one-line snippet,
// while the product is on localhost (another host, so another site: Chromium blocks the frame's
// storage). Its query (?lang=fr, ?room=CODE, ?league=CODE, ?date=) becomes the snippet's data-
// attributes. Used by the browser tests and by `npm run first-load`.
import { type Server, createServer } from "node:http";

/** The snippet's data- attributes from the page's query (only the few used, as plain tokens). */
function snippetAttributes(query: URLSearchParams): string {
  let attributes = ` data-date="${/^\d{4}-\d{2}-\d{2}$/.test(query.get("date") ?? "") ? query.get("date") : "today"}"`;
  for (const name of ["lang", "room", "league"]) {
    const value = query.get(name);
    if (value !== null && /^[A-Za-z0-9]{1,16}$/.test(value)) attributes += ` data-${name}="${value}"`;
  }
  return attributes;
}

/** Serves the host page on 127.0.0.1:`port`, embedding the product at `productUrl`. */
export function startHostPage(port: number, productUrl: string): Promise<Server> {
  const page = (query: URLSearchParams) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog about words</title></head>
<body><h1>A blog about words</h1><p>Today's puzzle, right here:</p>
<script src="${productUrl}/widget.js"${snippetAttributes(query)} async></script>
<p id="after">Text after the widget.</p></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === "/" || req.url?.startsWith("/?")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page(new URL(req.url, "http://host").searchParams));
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
