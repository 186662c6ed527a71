import { describe, expect, it } from "vitest";
import { downloadFileName } from "./download-file-name";

describe("downloadFileName", () => {
  it("names the file after the picture, with the extension of its type", () => {
    expect(downloadFileName(42, "image/webp")).toBe("reverie-picture-42.webp");
    expect(downloadFileName(7, "image/png")).toBe("reverie-picture-7.png");
    expect(downloadFileName(7, "image/jpeg")).toBe("reverie-picture-7.jpg");
  });

  it("reads the type without its parameters, in any case", () => {
    expect(downloadFileName(3, "Image/WEBP; charset=binary")).toBe("reverie-picture-3.webp");
  });

  it("falls back to jpg for an unknown or missing type", () => {
    expect(downloadFileName(5, "")).toBe("reverie-picture-5.jpg");
    expect(downloadFileName(5, "application/octet-stream")).toBe("reverie-picture-5.jpg");
  });
});
