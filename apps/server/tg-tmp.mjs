import { Whisper } from 'smart-whisper';
const w = new Whisper(process.argv[2], { gpu: false });
const pcm = new Float32Array(16000 * 3).map((_, i) => Math.sin(i / 10) * 0.3);
const t0 = Date.now();
const task = await w.transcribe(pcm, { language: 'en', format: 'detail', token_timestamps: true, n_threads: 1, temperature_inc: 0 });
const r = await task.result;
console.log(JSON.stringify(r).slice(0, 1500), Date.now() - t0);
await w.free();
