/**
 * Reading the QR codes back out of a PDF (pdfkit embeds them as Flate-compressed images): the
 * invoice and credit note tests check that a PDF prints the same QR as its signed document.
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** Undoes PNG row filters (PDF /Predictor 10–15): each row starts with its filter type byte. */
function unpredict(data: Buffer, width: number, colors: number) {
  const stride = width * colors;
  const out = Buffer.alloc((data.length / (stride + 1)) * stride);
  for (let row = 0; row * (stride + 1) < data.length; row++) {
    const type = data[row * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = data[row * (stride + 1) + 1 + i];
      const left = i >= colors ? out[row * stride + i - colors] : 0;
      const up = row > 0 ? out[(row - 1) * stride + i] : 0;
      const upLeft = row > 0 && i >= colors ? out[(row - 1) * stride + i - colors] : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      const predictor = [0, left, up, (left + up) >> 1, paeth][type];
      out[row * stride + i] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

/** The colour images a PDF embeds (Flate-compressed, 8 bits, gray or RGB), as RGBA pixels. */
function pdfImages(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  const objects = /\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let m = objects.exec(text); m; m = objects.exec(text)) {
    const dict = m[1];
    if (!/\/Subtype\s*\/Image/.test(dict) || !/\/FlateDecode/.test(dict)) continue;
    const num = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(dict)?.[1]);
    const [width, height, length] = [num('Width'), num('Height'), num('Length')];
    if (!/\/DeviceRGB|\/DeviceGray/.test(dict) || /\/Indexed/.test(dict)) continue;
    const colors = /\/DeviceRGB/.test(dict) ? 3 : 1;
    const start = m.index + m[0].length;
    let pixels = inflateSync(pdf.subarray(start, start + length));
    if (/\/Predictor\s+1[0-5]/.test(dict)) pixels = unpredict(pixels, width, colors);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * colors + (colors === 3 ? c : 0)];
      rgba[i * 4 + 3] = 255;
    }
    images.push({ width, height, rgba });
  }
  return images;
}

/** The text of every QR code among a PDF's images. */
export const qrTexts = (pdf: Buffer) =>
  pdfImages(pdf)
    .map((img) => jsQR(img.rgba, img.width, img.height)?.data)
    .filter((d): d is string => typeof d === 'string');
