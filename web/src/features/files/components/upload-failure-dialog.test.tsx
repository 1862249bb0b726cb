import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { FILE_MESSAGES, type PublicConfig } from "@common/files";
import { renderWithProviders } from "../../../test/render";
import { UploadFailureDialog } from "./upload-failure-dialog";
import { presentSite } from "@common/site";

let config: PublicConfig;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(req.url?.endsWith("/public-config") ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url?.endsWith("/public-config") ? config : { detail: "Not Found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  vi.stubEnv("VITE_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`);
  config = {
    upload_fallback_email: null,
    max_upload_bytes: 100 * 1024 * 1024,
    allowed_audio_extensions: ["mp3", "wav", "m4a", "aac", "flac"],
    site: presentSite(() => null),
    twitch_sign_in: false,
  };
});
afterEach(() => vi.unstubAllEnvs());

const renderDialog = () => renderWithProviders(<UploadFailureDialog opened onClose={() => {}} onProceed={async () => {}} onRetry={() => {}} errorContext="submit" />);

describe("the upload-failure dialog", () => {
  it("says the catalogue's sentence exactly, with no full stop added", async () => {
    config = { ...config, upload_fallback_email: "tracks@example.com" };
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: FILE_MESSAGES.uploadFailedStatus });
    expect(within(dialog).getByText(FILE_MESSAGES.uploadFailed)).toBeTruthy();
    expect((await within(dialog).findByRole("link", { name: "tracks@example.com" })).getAttribute("href")).toBe("mailto:tracks@example.com");
  });

  it("says what to do instead when no address is set for files", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: FILE_MESSAGES.uploadFailedStatus });
    expect(await within(dialog).findByText(FILE_MESSAGES.noFallbackEmail)).toBeTruthy();
    expect(within(dialog).queryByRole("link")).toBeNull();
  });
});
