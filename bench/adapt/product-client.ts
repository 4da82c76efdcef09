/** The product API calls bench:adapt makes, as one signed-up person. */
import { BenchClient } from '../support/browser.ts';

export interface Transcribed {
  id: string;
  transcript: string;
  /** Upload answered -> status done, in seconds. */
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Person {
  private padId = '';
  constructor(readonly client: BenchClient) {}

  static async signUp(baseUrl: string, username: string): Promise<Person> {
    const person = new Person(new BenchClient(baseUrl));
    await person.client.login(username, 'bench password for adaptation');
    const pad = await person.client.request('POST', '/api/v1/pad/', { name: 'Bench notes' });
    if (pad.status !== 201) throw new Error(`pad: ${pad.status} ${pad.text}`);
    person.padId = String(pad.json().id);
    return person;
  }

  async addWord(word: string): Promise<void> {
    const res = await this.client.request('POST', '/api/v1/vocabulary/', { word });
    if (res.status !== 201) throw new Error(`vocabulary ${word}: ${res.status} ${res.text}`);
  }

  /** Uploads every recording at once (the workers queue them), then waits for each transcript. */
  async transcribeAll(wavs: readonly Buffer[]): Promise<Transcribed[]> {
    const started = new Map<string, number>();
    const ids: string[] = [];
    for (const wav of wavs) {
      const res = await this.client.request('POST', `/api/v1/pad/${this.padId}/voicenote/`, wav, {
        'content-type': 'audio/wav',
        'content-disposition': 'attachment; filename="note.wav"',
      });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
      const id = String(res.json().id);
      ids.push(id);
      started.set(id, performance.now());
    }
    const out: Transcribed[] = [];
    for (const id of ids) {
      for (;;) {
        const note = (await this.client.request('GET', `/api/v1/pad/${this.padId}/voicenote/${id}/`)).json();
        if (note.status === 'failed') throw new Error(`note ${id} failed: ${String(note.failure_reason)}`);
        if (note.status === 'done') {
          const transcript = typeof note.transcript === 'string' ? note.transcript : '';
          out.push({ id, transcript, seconds: (performance.now() - started.get(id)!) / 1000 });
          break;
        }
        await sleep(250);
      }
    }
    return out;
  }

  /** The person corrects the transcript to what was said. */
  async correct(id: string, text: string): Promise<void> {
    const res = await this.client.request('PATCH', `/api/v1/pad/${this.padId}/voicenote/${id}/`, {
      transcript: text,
    });
    if (res.status !== 200) throw new Error(`correct: ${res.status} ${res.text}`);
  }

  /** POST adaptation/ and wait for ready (or throw with the failure). */
  async buildAdaptation(): Promise<Record<string, unknown>> {
    const res = await this.client.request('POST', '/api/v1/adaptation/');
    if (res.status !== 202) throw new Error(`adaptation: ${res.status} ${res.text}`);
    for (;;) {
      await sleep(1000);
      const state = (await this.client.request('GET', '/api/v1/adaptation/')).json();
      if (state.status === 'ready') return state;
      if (state.status === 'failed') throw new Error(`adaptation failed: ${String(state.error)}`);
    }
  }
}
