// QR codes of the pairing codes (issue 35): drawn as SVG by the pinned npm `qr` (served from the
// site's own origin, vendor/qr/), and read by the camera: the browser's BarcodeDetector where it
// reads QR codes, else the same library's decoder (vendor/qr/decode.js), loaded only then.

import encodeQR from "../../vendor/qr/index.js";

const FRAME_MS = 120; // between two looks at the camera's picture

// The QR code of `text` as SVG markup (black on white, its quiet zone around it), with a title.
export function svg(text, title) {
  const drawn = encodeQR(text, "svg", { ecc: "medium", border: 3 });
  const named = drawn.replace(/<svg([^>]*)>/, (_open, attrs) => {
    const label = String(title ?? "").replace(/[<>&"]/g, "");
    return `<svg${attrs} role="img" aria-label="${label}"><title>${label}</title>`;
  });
  return named.replace(/<svg /, '<svg data-qr="1" ');
}

async function detector() {
  const native = globalThis.BarcodeDetector;
  if (native) {
    try {
      const formats = await native.getSupportedFormats();
      if (formats.includes("qr_code")) return new native({ formats: ["qr_code"] });
    } catch {
      /* a detector that cannot say: the library's */
    }
  }
  const { BarcodeDetector } = await import("../../vendor/qr/decode.js");
  return new BarcodeDetector({ formats: ["qr_code"] });
}

// Scans: the camera's picture in `video` until a QR code is read; resolves to its text, or to ""
// when stop() was called or the camera cannot be had (`failed` then says why: "camera").
export function scanner(video) {
  let stopped = false;
  let stream = null;
  const scan = {
    failed: "",
    stop() {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      video.srcObject = null;
    },
    read: (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
      } catch {
        scan.failed = "camera";
        return "";
      }
      if (stopped) {
        scan.stop();
        return "";
      }
      video.srcObject = stream;
      video.muted = true;
      video.setAttribute("playsinline", "");
      await video.play().catch(() => {});
      const detect = await detector();
      while (!stopped && video.isConnected) {
        if (video.readyState >= 2 && video.videoWidth) {
          const found = await detect.detect(video).catch(() => []);
          if (found.length && found[0].rawValue) {
            scan.stop();
            return String(found[0].rawValue);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_MS));
      }
      scan.stop(); // stopped, or its dialog closed
      return "";
    })(),
  };
  return scan;
}
