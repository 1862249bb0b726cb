import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MESSAGES } from "@common/messages";
import { MAX_UPLOAD_BYTES } from "@common/limits";
import { renderWithProviders } from "../../../test/render";
import { AudioFileField } from "./audio-file-field";
import { IDLE_UPLOAD, UploadStatus } from "./upload-status";

function Field({ onChange }: { onChange: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <AudioFileField
      file={file}
      onChange={(chosen) => {
        setFile(chosen);
        onChange(chosen);
      }}
      error={false}
      disabled={false}
      progress={IDLE_UPLOAD}
    />
  );
}

function setup() {
  const onChange = vi.fn();
  renderWithProviders(<Field onChange={onChange} />);
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const user = userEvent.setup({ delay: null, applyAccept: false });
  return { onChange, choose: (file: File) => user.upload(input, file), input };
}

describe("AudioFileField", () => {
  it("offers only the five formats in the picker, not any audio file", () => {
    const { input } = setup();
    expect(input.accept.split(",")).not.toContain("audio/*");
    expect(input.accept.split(",")).toEqual(expect.arrayContaining(["audio/mpeg", "audio/wav", "audio/mp4", "audio/aac", "audio/flac", ".mp3", ".wav", ".m4a", ".aac", ".flac"]));
  });

  it("refuses an audio file of another format, such as an .ogg, before any upload", async () => {
    const { onChange, choose } = setup();
    await choose(new File(["x"], "demo.ogg", { type: "audio/ogg" }));
    expect(screen.getByText(MESSAGES.unsupportedFormat)).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("names the formats it takes and the size limit", () => {
    setup();
    expect(screen.getByText("mp3, wav, m4a, aac or flac, up to 100 MB")).toBeTruthy();
  });

  it("refuses a file that is neither audio by type nor by extension, before any upload", async () => {
    const { onChange, choose } = setup();
    await choose(new File(["x"], "cover.png", { type: "image/png" }));
    expect(screen.getByText(MESSAGES.unsupportedFormat)).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("refuses a file over 100 MB", async () => {
    const { onChange, choose } = setup();
    const big = new File(["x"], "long-mix.wav", { type: "audio/wav" });
    Object.defineProperty(big, "size", { value: MAX_UPLOAD_BYTES + 1 });
    await choose(big);
    expect(screen.getByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("takes an audio file by its extension even when the browser gives no type", async () => {
    const { onChange, choose } = setup();
    const song = new File(["x"], "Song.FLAC", { type: "" });
    await choose(song);
    expect(onChange).toHaveBeenLastCalledWith(song);
    expect(screen.queryByText(MESSAGES.unsupportedFormat)).toBeNull();
  });
});

describe("UploadStatus", () => {
  it("shows the share of bytes sent while uploading, and the spec's words after", () => {
    const { rerender } = renderWithProviders(<UploadStatus progress={{ state: "uploading", fraction: 0.42 }} />);
    expect(screen.getByRole("status").textContent).toBe("Uploading… 42%");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    rerender(<UploadStatus progress={{ state: "error", fraction: 0 }} />);
    expect(screen.getByRole("status").textContent).toBe("Upload failed");
    rerender(<UploadStatus progress={{ state: "success", fraction: 1 }} />);
    expect(screen.getByRole("status").textContent).toBe("Uploaded");
    rerender(<UploadStatus progress={IDLE_UPLOAD} />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
