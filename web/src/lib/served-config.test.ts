import { describe, expect, it } from "vitest";
import { servedBases, servedQueueStatus } from "./served-config";

/** A page at `url` as the server serves it, with the meta tags it wrote (or none). */
function page(url: string, meta: { api: string; ws: string } | null) {
  const tags = meta ? `<meta name="livequeue:api-base" content="${meta.api}"><meta name="livequeue:ws-base" content="${meta.ws}">` : "";
  return new DOMParser().parseFromString(`<html><head><base href="${url}">${tags}</head><body></body></html>`, "text/html");
}

describe("servedBases", () => {
  it("resolves the relative bases against the page, on any port", () => {
    expect(servedBases(page("http://localhost:5000/queue", { api: "/api/v1/", ws: "/" }))).toEqual({ api: "http://localhost:5000/api/v1/", ws: "ws://localhost:5000" });
    expect(servedBases(page("https://q.example.com/admin/settings", { api: "/api/v1/", ws: "/" }))).toEqual({ api: "https://q.example.com/api/v1/", ws: "wss://q.example.com" });
  });

  it("takes PUBLIC_URL's absolute bases as they are, with a socket scheme", () => {
    const served = servedBases(page("http://10.0.0.5:8000/", { api: "https://queue.example.com/lq/api/v1/", ws: "https://queue.example.com/lq/" }));
    expect(served).toEqual({ api: "https://queue.example.com/lq/api/v1/", ws: "wss://queue.example.com/lq" });
  });

  it("is null on a page no server wrote them into (the development build)", () => {
    expect(servedBases(page("http://localhost:5173/", null))).toBeNull();
  });
});

describe("servedQueueStatus", () => {
  const withStatus = (content: string | null) =>
    new DOMParser().parseFromString(`<html><head>${content === null ? "" : `<meta name="livequeue:queue-status" content="${content}">`}</head></html>`, "text/html");

  it("reads the status a prerendered page was sent with, and nothing else", () => {
    expect(["open", "busy", "closed"].map((status) => servedQueueStatus(withStatus(status)))).toEqual(["open", "busy", "closed"]);
    expect(servedQueueStatus(withStatus(null))).toBeNull();
    expect(servedQueueStatus(withStatus("toString"))).toBeNull();
    expect(servedQueueStatus(withStatus("OPEN"))).toBeNull();
  });
});
