import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEntities, htmlToText, webFetchTool } from "../../../example/tools/webFetch.js";
import { makeToolContext, type TestContext } from "../../helpers/context.js";

const PAGE = `<!doctype html>
<html>
<head>
  <title>Rock &amp; Roll</title>
  <style>body { color: red; }</style>
  <script>console.log("hidden");</script>
</head>
<body>
  <!-- a comment -->
  <h1>Main   heading</h1>
  <p>First <b>bold</b> paragraph
     over two lines &lt;tag&gt; &#169; &#x2014; &nbsp;end.</p>
  <ul><li>one</li><li>two</li></ul>
  <p>See <a href="/docs?a=1&amp;b=2">the docs</a> and <a href="#top">top</a>.</p>
  <pre>line 1
  indented</pre>
  <noscript>enable js</noscript>
  <script type="module">alert(1)</script>
</body>
</html>`;

let server: http.Server;
/** Resolves when the server has received a request on /hang (it never answers it). */
let hangReceived: () => void = () => {};
let base: string;
let t: TestContext;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    switch (url.pathname) {
      case "/page":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(PAGE);
        return;
      case "/plain":
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("just text\n");
        return;
      case "/moved":
        res.writeHead(302, { location: "/plain" });
        res.end();
        return;
      case "/loop":
        res.writeHead(301, { location: "/loop" });
        res.end();
        return;
      case "/to-file":
        res.writeHead(302, { location: "file:///etc/passwd" });
        res.end();
        return;
      case "/image":
        res.writeHead(200, { "content-type": "image/png" });
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        return;
      case "/huge":
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("x".repeat(6 * 1024 * 1024));
        return;
      case "/hang":
        hangReceived();
        return;
      case "/broken":
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("boom");
        return;
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("no such page");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await makeToolContext();
});
afterAll(async () => {
  await t.cleanup();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("WebFetch tool", () => {
  it("declares url with format uri, closed parameters, and asks permission", () => {
    expect(webFetchTool.permission).toBe("ask");
    expect(webFetchTool.config.function.parameters).toMatchObject({
      properties: { url: { type: "string", format: "uri" }, prompt: { type: "string" } },
      required: ["url", "prompt"],
      additionalProperties: false,
    });
  });

  it("turns an HTML page into readable text with the prompt", async () => {
    const result = await webFetchTool.execute(
      { url: `${base}/page`, prompt: "find the heading" },
      t.context,
    );
    expect(result.success).toBe(true);
    expect(result.content).toBe(
      [
        `Content of ${base}/page (for: find the heading):`,
        "Title: Rock & Roll",
        "",
        "# Main heading",
        "",
        "First bold paragraph over two lines <tag> \u00a9 \u2014 end.",
        "",
        "- one",
        "- two",
        "",
        `See [the docs](${base}/docs?a=1&b=2) and top.`,
        "",
        "line 1\n  indented",
      ].join("\n"),
    );
    expect(result.content).not.toContain("hidden");
    expect(result.content).not.toContain("color: red");
    expect(result.content).not.toContain("enable js");
  });

  it("follows redirects and says where it ended", async () => {
    const result = await webFetchTool.execute({ url: `${base}/moved`, prompt: "p" }, t.context);
    expect(result.content).toBe(
      `Content of ${base}/moved (for: p):\nRedirected to: ${base}/plain\njust text`,
    );
    expect(result.metadata).toMatchObject({ finalUrl: `${base}/plain`, status: 200 });
  });

  it("stops after too many redirects and refuses redirects to other schemes", async () => {
    const loop = await webFetchTool.execute({ url: `${base}/loop`, prompt: "p" }, t.context);
    expect(loop.error).toBe(`Too many redirects (more than 10) starting at ${base}/loop.`);
    const toFile = await webFetchTool.execute({ url: `${base}/to-file`, prompt: "p" }, t.context);
    expect(toFile.error).toBe(
      `${base}/to-file redirected to file:///etc/passwd, which is not an http(s) URL.`,
    );
  });

  it("reports HTTP errors with their status", async () => {
    const missing = await webFetchTool.execute({ url: `${base}/nope`, prompt: "p" }, t.context);
    expect(missing).toEqual({
      success: false,
      content: "",
      error: `HTTP 404 Not Found from ${base}/nope`,
    });
    const broken = await webFetchTool.execute({ url: `${base}/broken`, prompt: "p" }, t.context);
    expect(broken.error).toBe(`HTTP 500 Internal Server Error from ${base}/broken`);
  });

  it("refuses non-text content", async () => {
    const result = await webFetchTool.execute({ url: `${base}/image`, prompt: "p" }, t.context);
    expect(result.error).toBe(
      `${base}/image returned image/png, which is not text; only text and HTML pages can be read.`,
    );
  });

  it("refuses other schemes and invalid URLs", async () => {
    const file = await webFetchTool.execute({ url: "file:///etc/passwd", prompt: "p" }, t.context);
    expect(file.error).toBe(
      'Only http and https URLs can be fetched; "file:///etc/passwd" uses the file scheme.',
    );
    const ftp = await webFetchTool.execute({ url: "ftp://example.com/x", prompt: "p" }, t.context);
    expect(ftp.error).toBe(
      'Only http and https URLs can be fetched; "ftp://example.com/x" uses the ftp scheme.',
    );
    const invalid = await webFetchTool.execute({ url: "not a url", prompt: "p" }, t.context);
    expect(invalid.error).toBe(
      'Invalid URL "not a url": give an absolute http:// or https:// URL.',
    );
  });

  it("stops reading at the download cap and cuts the text", async () => {
    const result = await webFetchTool.execute({ url: `${base}/huge`, prompt: "p" }, t.context);
    expect(result.success).toBe(true);
    const lines = result.content.split("\n");
    expect(lines[0]).toBe(`Content of ${base}/huge (for: p):`);
    expect(lines[1]).toBe("x".repeat(100_000));
    expect(lines.slice(2)).toEqual([
      `[Download stopped at ${5 * 1024 * 1024} bytes; the rest of the page is missing]`,
      "[Text cut at 100000 characters]",
    ]);
    expect(result.metadata).toMatchObject({ bytes: 5 * 1024 * 1024 });
  });

  it("stops when the turn is cancelled", async () => {
    const received = new Promise<void>((resolve) => (hangReceived = resolve));
    const controller = new AbortController();
    const pending = webFetchTool.execute(
      { url: `${base}/hang`, prompt: "p" },
      { ...t.context, signal: controller.signal },
    );
    await received;
    controller.abort();
    expect((await pending).error).toBe(`Fetching ${base}/hang was cancelled.`);
  });

  it("reports a connection failure as a failed result", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await webFetchTool.execute(
      { url: `http://127.0.0.1:${port}/`, prompt: "p" },
      t.context,
    );
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `Could not fetch http://127.0.0.1:${port}/: fetch failed (ECONNREFUSED)`,
    );
  });
});

describe("htmlToText", () => {
  it("decodes entities, leaving unknown ones as written", () => {
    expect(decodeEntities("&amp;&LT;&#65;&#x42;&bogus;&constructor;&#0;")).toBe(
      "&<AB&bogus;&constructor;\ufffd",
    );
  });

  it("keeps link URLs that are their own label and drops javascript links", () => {
    expect(
      htmlToText(
        '<p><a href="https://example.com/">https://example.com/</a> <a href="javascript:void(0)">x</a></p>',
      ),
    ).toBe("https://example.com/ x");
  });
});
