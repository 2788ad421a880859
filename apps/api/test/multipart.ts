import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export type Part =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body built by hand, so tests can also send broken ones. */
export function multipart(parts: Part[]) {
  const boundary = `----scentia${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('bytes' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real picture: a gradient with noise, so it does not compress to nothing. */
export async function pngImage(width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 3) {
    pixels[index] = (index / 3) % 256;
    pixels[index + 1] = Math.floor(Math.random() * 256);
    pixels[index + 2] = 120;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function jpegImage(): Promise<Buffer> {
  return sharp(await pngImage(320, 240))
    .jpeg()
    .toBuffer();
}
