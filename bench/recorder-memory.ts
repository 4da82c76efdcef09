/**
 * Browser memory while recording, and what a minute of recording costs on the device.
 *
 * The built app in Chromium with the fake microphone (a spoken sentence, looped) records on a
 * pad page. Every SAMPLE_SECONDS the page's JS heap is read through the DevTools protocol
 * (after a garbage collection, so the trend is the live heap) and the bytes the recorder has
 * saved in IndexedDB. The fake microphone plays in real time, so 30 minutes take 30 minutes:
 * RECORD_MINUTES (default 3) sets the length; the trend shows whether memory stays flat.
 *
 *   npm run bench:recorder                       # 3 minutes
 *   RECORD_MINUTES=30 SAMPLE_SECONDS=60 npm run bench:recorder
 *
 * Today's WAV (16 kHz mono 16-bit) is 32,000 bytes a second = 1.92 MB a minute; the same run's
 * recorded time gives the WAV size it would have been.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from '../e2e/support/browser.ts';
import { startBuiltServer } from '../e2e/support/server.ts';
import { speak } from '../e2e/support/speech.ts';

const RECORD_MINUTES = Number(process.env.RECORD_MINUTES ?? 3);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 15);
const WAV_BYTES_PER_SECOND = 16_000 * 2;

interface Sample {
  seconds: number;
  heapUsed: number;
  storedBytes: number;
  recordedSeconds: number;
}

/** Runs in the page (a string: this bench is type-checked without the DOM's types). */
const READ_SAVED = `new Promise((resolve, reject) => {
  const open = indexedDB.open('voxpad-recordings');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('recordings')) {
      db.close();
      resolve({ bytes: 0, seconds: 0, format: '' });
      return;
    }
    const all = db.transaction('recordings').objectStore('recordings').getAll();
    all.onsuccess = () => {
      db.close();
      resolve({
        bytes: all.result.reduce((total, row) => total + row.bytes, 0),
        seconds: all.result.reduce((total, row) => total + row.elapsedSeconds, 0),
        format: all.result[0]?.mimeType ?? '',
      });
    };
  };
})`;

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function main(): Promise<void> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'voxpad-bench-recorder-'));
  const audio = speak('please remember to buy milk and bread tomorrow morning', workDir);
  const server = await startBuiltServer({ ACCOUNT_EMAIL_VERIFICATION: 'none' });
  const browser = await launchChromium(audio.file);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/auth/signup`);
    await page.getByLabel('Email', { exact: true }).fill('bench@example.org');
    await page.getByLabel('Username', { exact: true }).fill('bench-user');
    await page.getByLabel('Password', { exact: true }).fill('a perfectly fine password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByLabel('Pad name').fill('Bench');
    await page.getByRole('button', { name: 'New pad' }).click();
    await page.getByRole('link', { name: 'Bench' }).click();
    await page.waitForURL(/\/pad\/[0-9a-z]{26}$/);

    const cdp = await page.context().newCDPSession(page);
    let format = '';
    const sample = async (seconds: number): Promise<Sample> => {
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      // What the recorder has saved so far, as its own records say (bytes and recorded time).
      const stored = (await page.evaluate(READ_SAVED)) as { bytes: number; seconds: number; format: string };
      if (stored.format) format = stored.format;
      return { seconds, heapUsed: heap.usedSize, storedBytes: stored.bytes, recordedSeconds: stored.seconds };
    };

    const samples: Sample[] = [await sample(0)];
    await page.getByRole('main').getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'Stop' }).waitFor();
    const started = Date.now();
    const total = RECORD_MINUTES * 60;
    console.log(`recording ${RECORD_MINUTES} min, a sample every ${SAMPLE_SECONDS} s`);
    console.log('  time   JS heap     saved       recorded');
    for (let next = SAMPLE_SECONDS; next <= total; next += SAMPLE_SECONDS) {
      await page.waitForTimeout(Math.max(0, started + next * 1000 - Date.now()));
      const taken = await sample(next);
      samples.push(taken);
      console.log(
        `  ${String(next).padStart(5)} s ${mb(taken.heapUsed).padStart(10)} ${mb(taken.storedBytes).padStart(10)} ${taken.recordedSeconds.toFixed(0).padStart(6)} s`,
      );
    }
    await page.getByRole('main').getByRole('button', { name: 'Stop' }).click();

    const first = samples[0]!;
    const last = samples.at(-1)!;
    const peak = Math.max(...samples.map((s) => s.heapUsed));
    const recordedMinutes = last.recordedSeconds / 60;
    const storedPerMinute = recordedMinutes > 0 ? last.storedBytes / recordedMinutes : 0;
    const wavPerMinute = WAV_BYTES_PER_SECOND * 60;
    console.log('');
    console.log(`format saved:            ${format}`);
    console.log(`JS heap start/end/peak:  ${mb(first.heapUsed)} / ${mb(last.heapUsed)} / ${mb(peak)}`);
    console.log(
      `JS heap growth:          ${mb(last.heapUsed - first.heapUsed)} over ${recordedMinutes.toFixed(1)} min`,
    );
    console.log(`saved per minute:        ${mb(storedPerMinute)} (${format || 'compressed'})`);
    console.log(
      `WAV per minute:          ${mb(wavPerMinute)} (the same ${recordedMinutes.toFixed(1)} min as WAV: ${mb(last.recordedSeconds * WAV_BYTES_PER_SECOND)}, held in memory by the old recorder)`,
    );
    if (storedPerMinute > 0)
      console.log(`WAV / saved:             ${(wavPerMinute / storedPerMinute).toFixed(1)}×`);
  } finally {
    await browser.close();
    await server.stop();
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

await main();
