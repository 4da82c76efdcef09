import { z } from 'zod';

/** Our OpenAI-compatible `POST /v1/audio/transcriptions`: its form fields and answers. */
export const TRANSCRIPTION_RESPONSE_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;
export type TranscriptionResponseFormat = (typeof TRANSCRIPTION_RESPONSE_FORMATS)[number];

export const transcriptionFieldsSchema = z.object({
  model: z.string().max(200).optional(),
  language: z
    .string()
    .regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})?$/, 'language must be an ISO-639-1 code such as "en".')
    .optional(),
  prompt: z.string().optional(),
  temperature: z.string().optional(),
  response_format: z.enum(TRANSCRIPTION_RESPONSE_FORMATS).default('json'),
  'timestamp_granularities[]': z.array(z.enum(['word', 'segment'])).default(['segment']),
  pad_id: z.string().min(1).optional(),
});
export type TranscriptionFields = z.infer<typeof transcriptionFieldsSchema>;

export const openAiSegmentSchema = z.object({
  id: z.number().int(),
  seek: z.number(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  tokens: z.array(z.number()),
  temperature: z.number(),
  avg_logprob: z.number(),
  compression_ratio: z.number(),
  no_speech_prob: z.number(),
});
export type OpenAiSegment = z.infer<typeof openAiSegmentSchema>;

export const openAiWordSchema = z.object({ word: z.string(), start: z.number(), end: z.number() });
export type OpenAiWord = z.infer<typeof openAiWordSchema>;

export const verboseTranscriptionSchema = z.object({
  task: z.literal('transcribe'),
  language: z.string(),
  duration: z.number(),
  text: z.string(),
  segments: z.array(openAiSegmentSchema).optional(),
  words: z.array(openAiWordSchema).optional(),
});
export type VerboseTranscription = z.infer<typeof verboseTranscriptionSchema>;

export const jsonTranscriptionSchema = z.object({ text: z.string() });

export const openAiErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiError = z.infer<typeof openAiErrorSchema>;
