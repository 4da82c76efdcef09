/**
 * How often "You" is right (ADR 0058): each of the eight voices in turn is the owner, with a
 * profile made from TUNING sentences spoken alone (six notes of two sentences); then every
 * HELD-OUT dialogue (2/3/4 speakers, pauses or back to back, other sentences and seeds) is
 * diarized with the number given and `recogniseOwner` asked which speaker is the owner.
 * Right: the owner's speaker (the one that says most of the owner's reference time) when the
 * owner speaks in the dialogue, nobody when they do not.
 *
 *   node --import tsx bench/speakers/your-voice.ts   (npm run bench:you)
 */
import os from 'node:os';
import { decodeSpeech } from '../../apps/server/src/transcription/audio/decode-speech.ts';
import { encodeWav } from '../../apps/server/src/transcription/audio/wav-writer.ts';
import { diarizeWithPrints, voiceprintOf } from '../../apps/server/src/transcription/speakers/diarize.ts';
import { printsById, speakerId } from '../../apps/server/src/transcription/speakers/speaker-segments.ts';
import { combinePrints, type VoicePrint } from '../../apps/server/src/transcription/speakers/voiceprint.ts';
import { recogniseOwner } from '../../apps/server/src/transcripts/owner-voice/recognise-owner.ts';
import { SAMPLE_RATE, buildDialogue } from './dialogues.ts';
import { HELD_OUT_SENTENCES, TUNING_SENTENCES } from './sentences.ts';
import { speak, VOICES } from './voices.ts';

const PER_CONDITION = Number(process.env.PER_CONDITION ?? 2);
const SECONDS = Number(process.env.SECONDS ?? 100);

function joined(parts: Float32Array[]): Float32Array {
  const gap = SAMPLE_RATE / 5;
  const out = new Float32Array(parts.reduce((n, p) => n + p.length + gap, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length + gap;
  }
  return out;
}

async function profileOf(voice: string): Promise<VoicePrint> {
  let profile: VoicePrint | undefined;
  for (let note = 0; note < 6; note++) {
    const samples = joined([
      speak(voice, TUNING_SENTENCES[2 * note]!),
      speak(voice, TUNING_SENTENCES[2 * note + 1]!),
    ]);
    const decoded = await decodeSpeech(encodeWav(samples, SAMPLE_RATE), { maxDurationSeconds: 3600 });
    const print = voiceprintOf(decoded.pcm)!;
    profile = profile ? combinePrints(profile, print) : print;
  }
  return profile!;
}

async function main(): Promise<void> {
  console.log(
    `held-out dialogues, ${PER_CONDITION} per condition, ~${SECONDS} s; cores ${os.availableParallelism()}; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const profiles = new Map<string, VoicePrint>();
  for (const voice of VOICES) profiles.set(voice, await profileOf(voice));
  let present = 0;
  let named = 0;
  let absent = 0;
  let falseYou = 0;
  let wrongSpeaker = 0;
  for (const speakers of [2, 3, 4]) {
    for (const pauses of [true, false]) {
      for (let k = 0; k < PER_CONDITION; k++) {
        const dialogue = buildDialogue({
          seed: 9000 + speakers * 100 + (pauses ? 10 : 0) + k,
          speakers,
          pauses,
          seconds: SECONDS,
          sentences: HELD_OUT_SENTENCES,
        });
        const decoded = await decodeSpeech(encodeWav(dialogue.samples, SAMPLE_RATE), {
          maxDurationSeconds: 3600,
        });
        const { turns, prints } = diarizeWithPrints(decoded.pcm, { speakers });
        const byId = printsById(prints);
        for (const voice of VOICES) {
          const found = recogniseOwner(byId, profiles.get(voice));
          if (!dialogue.voices.includes(voice)) {
            absent++;
            if (found !== undefined) falseYou++;
            continue;
          }
          present++;
          // The speaker that says most of the owner's reference time.
          const overlap = new Map<string, number>();
          for (const ref of dialogue.reference.filter((r) => r.speaker === voice)) {
            for (const turn of turns) {
              const shared = Math.min(ref.end, turn.end) - Math.max(ref.start, turn.start);
              const id = speakerId(turn.speaker);
              if (shared > 0) overlap.set(id, (overlap.get(id) ?? 0) + shared);
            }
          }
          const truth = [...overlap.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
          if (found === truth) named++;
          else if (found !== undefined) wrongSpeaker++;
        }
        console.log(`${dialogue.name}: ${dialogue.voices.join(', ')}`);
      }
    }
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
  console.log(
    `owner speaks: named "You" rightly ${named}/${present} (${pct(named, present)}), another speaker named "You" ${wrongSpeaker}`,
  );
  console.log(
    `owner absent: nobody named ${absent - falseYou}/${absent} (${pct(absent - falseYou, absent)}), false "You" ${falseYou}`,
  );
  console.log(`"You" right overall: ${pct(named + absent - falseYou, present + absent)}`);
}

await main();
