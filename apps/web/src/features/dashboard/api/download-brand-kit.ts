import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /api/brand-kit/download: the logo files and the identity text as the zip the server names. */
export async function downloadBrandKit(): Promise<void> {
  const { blob, fileName } = await http.download('/brand-kit/download');
  saveFile(blob, fileName ?? 'identidade-visual.zip');
}
