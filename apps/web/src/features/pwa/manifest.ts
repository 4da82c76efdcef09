import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET_FILES_FIELD, SHARE_TARGET_PATH } from './service-worker/cache-rules.ts';

/** The installed app: its name, icons, and the share sheet entry for audio files. */
export const pwaManifest: Partial<ManifestOptions> = {
  name: 'Voxpad',
  short_name: 'Voxpad',
  description: 'Record your voice notes and transcribe them.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#4f46e5',
  background_color: '#ffffff',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [
        {
          name: SHARE_TARGET_FILES_FIELD,
          accept: [
            'audio/*',
            'video/webm',
            '.wav',
            '.webm',
            '.ogg',
            '.oga',
            '.opus',
            '.mp3',
            '.m4a',
            '.aac',
            '.flac',
          ],
        },
      ],
    },
  },
};
