import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@common/auth";
import { FILE_MESSAGES, PENDING_EMAIL_LINK } from "@common/files";
import { MESSAGES } from "@common/messages";
import type { Queuer } from "@common/queue";
import { renderWithProviders } from "../../test/render";
import { startRealServer, type RealServer } from "../../test/real-server";
import { useXhrOfOrigin } from "../../test/same-origin-xhr";
import { SubmissionForm } from "./components/entry-form";
import { useFileJoin } from "./use-file-entry";

const FALLBACK_EMAIL = "tracks@example.com";
const tone = () => new File([fs.readFileSync(path.resolve("server/src/test/fixtures/audio/tone.mp3"))], "tone.mp3", { type: "audio/mpeg" });

function JoinWithFile({ onJoined }: { onJoined: () => void }) {
  const files = useFileJoin(onJoined);
  return (
    <>
      <SubmissionForm submitLabel="Join" errorContext="submit" initialValues={{ source: "file" }} fileField={files.fileField} onSubmit={files.submit} />
      {files.failureDialog}
    </>
  );
}

describe("joining the queue with an audio file, against the real server", () => {
  let server: RealServer;
  let restoreXhr: () => void;

  beforeAll(async () => {
    vi.stubEnv("UPLOAD_FALLBACK_EMAIL", FALLBACK_EMAIL);
    server = await startRealServer();
    vi.unstubAllEnvs();
    restoreXhr = useXhrOfOrigin(server.apiUrl);
  }, 90_000);
  afterAll(async () => {
    restoreXhr();
    await server.stop();
  });
  beforeEach(() => {
    vi.stubEnv("VITE_API_URL", server.apiUrl);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllEnvs());

  async function fillAndJoin(file: File) {
    const onJoined = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<JoinWithFile onJoined={onJoined} />);
    await user.type(screen.getByLabelText(/Artist name/), "Tone Artist");
    await user.type(screen.getByLabelText(/Track title/), "Sine");
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole("button", { name: "Join" }));
    return { onJoined, user };
  }

  const waiting = () => server.call<Queuer[]>("GET", "queuer/queue");

  it("shows the queue's refusal in the form, not the upload-failure dialog", async () => {
    const { onJoined } = await fillAndJoin(tone());
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.queueClosed);
    expect(screen.queryByText(FILE_MESSAGES.uploadFailed)).toBeNull();
    expect(onJoined).not.toHaveBeenCalled();
  });

  it("uploads the file with a progress bar and joins the queue with it", async () => {
    await server.openQueue();
    const { onJoined } = await fillAndJoin(tone());
    await waitFor(() => expect(onJoined).toHaveBeenCalled(), { timeout: 10_000 });
    expect(screen.getByRole("status").textContent).toBe("Uploaded");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");

    const [entry] = await waiting();
    expect(entry).toMatchObject({ artist_name: "Tone Artist", track_title: "Sine", link: `file:/uploads/${entry!.file_key}` });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.anonymousSubmission)!);
    expect(stored).toMatchObject({ id: entry!.id, user_id: entry!.user_id });
    expect(stored.guest_secret).toBeTruthy();
  });

  it("offers to e-mail a file whose upload fails, tries again, then queues the entry marked pending e-mail", async () => {
    await server.openQueue();
    // The browser says 5 MB; the server receives 101 MB and stops it.
    const oversized = new File([new Uint8Array(101 * 1024 * 1024)], "long-mix.mp3", { type: "audio/mpeg" });
    Object.defineProperty(oversized, "size", { value: 5 * 1024 * 1024 });
    const { onJoined, user } = await fillAndJoin(oversized);

    expect(await screen.findByText(FILE_MESSAGES.uploadFailed, undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: FALLBACK_EMAIL }).getAttribute("href")).toBe(`mailto:${FALLBACK_EMAIL}`);
    expect(screen.getByRole("status").textContent).toBe(FILE_MESSAGES.uploadFailedStatus);

    // On a fast machine the retry fails again before the closing dialog has faded out, so the dialog
    // may never leave the page: Proceed to Queue is pressed until the retry's failure has come back.
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(
      async () => {
        await user.click(await screen.findByRole("button", { name: "Proceed to Queue" }));
        expect(onJoined).toHaveBeenCalled();
      },
      { timeout: 20_000, interval: 250 },
    );
    const entry = (await waiting()).find((queued) => queued.link === PENDING_EMAIL_LINK);
    expect(entry).toMatchObject({ artist_name: "Tone Artist", file_key: null, message: FILE_MESSAGES.pendingEmailNote });
  }, 60_000);
});
