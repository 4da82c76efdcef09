import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TranscriptReview } from '@voxpad/shared/voice-notes';

/**
 * Table types shared by both dialects. Times are epoch milliseconds (bigint), booleans are
 * 0/1 integers and ids are application-generated strings, so one set of queries and
 * migrations runs unchanged on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string;
  email: string;
  /** Lower-cased email: uniqueness and lookups are case-insensitive. */
  email_key: string;
  email_verified: number;
  password_hash: string | null;
  created_at: number;
  password_changed_at: number;
  /** Raised by triggers on every change to the user's pads (ADR 0013). */
  pads_version: Generated<number>;
}

/** The account's product settings (migration 0017), read and written by settings/ only. */
export interface UserSettingsColumns {
  /** 1: engine transcripts are made readable (ADR 0033); 0: kept as recognised. */
  format_transcripts: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked database does not leak live sessions. */
  id: string;
  user_id: string | null;
  /** JSON: authentication methods and pending flow state. */
  data: string;
  user_agent: string;
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** Last login or reauthentication; null while no one is logged in (migration 0010). */
  authenticated_at: number | null;
  /** The integer allauth's session list names the session by (migration 0010). */
  public_id: number;
}

export interface PadsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  /** One of PAD_COLORS; the column defaults to the first. */
  color: Generated<string>;
  /** A single emoji, or null. */
  icon: string | null;
  /** Kept by triggers on voice_notes (migration 0003); never written by the application. */
  voice_note_count: Generated<number>;
  total_duration_seconds: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type VoiceNoteTitleSource = 'default' | 'file' | 'user' | 'transcript';

export interface VoiceNotesTable {
  id: string;
  pad_id: string;
  owner_id: string;
  title: string;
  /** Where the title came from (migration 0012): only `default` and `transcript` are remade. */
  title_source: Generated<VoiceNoteTitleSource>;
  status: 'pending' | 'processing' | 'done' | 'failed';
  failure_reason: string | null;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  duration_seconds: number | null;
  transcript: string | null;
  /** JSON array of segments with word timings. */
  segments: string | null;
  word_count: Generated<number>;
  /** The blob holding the waveform's peaks (migration 0031, ADR 0056); null until made. */
  peaks_key: Generated<string | null>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A pending email confirmation; only the SHA-256 of the mailed key is kept. */
export interface EmailVerificationsTable {
  key_hash: string;
  user_id: string;
  /** The normalised address the key confirms: a key dies when the account's email changes. */
  email: string;
  created_at: number;
  expires_at: number;
}

/**
 * Searched, never shown (migration 0017, ADR 0033): the transcript's spoken forms ("four
 * hundred dollars" for "$400"), null when they are the transcript's own words. Written by the
 * transcript store only; kept out of VoiceNoteRow, which the API shows.
 */
export interface VoiceNoteSearchColumns {
  spoken_transcript: Generated<string | null>;
}

/** An address of an account besides its primary one, which lives on `users` (migration 0010). */
export interface EmailAddressesTable {
  id: string;
  user_id: string;
  email: string;
  /** Lower-cased email; unique among verified addresses only. */
  email_key: string;
  verified: number;
  created_at: number;
}

/** A password reset link; only the SHA-256 of the mailed key is kept. */
export interface PasswordResetKeysTable {
  key_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

/** One counted request for a rate limit (a sliding-window log shared by every process). */
export interface RateLimitHitsTable {
  id: string;
  /** action, kind and SHA-256 of the subject (IP, email, ...): no personal data in clear. */
  bucket: string;
  at: number;
  expires_at: number;
  /** 1 for a request; an upload's size in bytes for byte quotas (migration 0009). */
  weight: Generated<number>;
}

/** A personal API token (migration 0005); only the SHA-256 of the token is kept. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  /** Null: never expires (migration 0008). */
  expires_at: number | null;
}

/**
 * Transcription job columns of voice_notes (migration 0004). Kept out of VoiceNotesTable so
 * VoiceNoteRow includes them (the voice note JSON shows progress); the jobs and
 * transcripts modules read them through the `voice_notes` table type below.
 */
export interface VoiceNoteJobColumns {
  /** 0..1 while processing; 1 once done. */
  progress: Generated<number>;
  /** 1 once a person changed the transcript the engine produced. */
  transcript_edited: Generated<number>;
  /** Requested by a re-transcription; null means the engine's default. */
  language: string | null;
  engine: string | null;
  /** How many people speak, as asked (1..8, migration 0029); null lets diarization decide. */
  speakers_hint: Generated<number | null>;
}

/**
 * A note's speakers (migration 0029, ADR 0053), written by the transcript store only:
 * `speakers` JSON `[{id, name}]`, `speaker_edits` JSON `[{start, end, speaker}]` (stretches a
 * person gave to a speaker), `speakers_edited` 1 once a person changed any of it.
 */
export interface VoiceNoteSpeakerColumns {
  speakers: Generated<string | null>;
  speakers_edited: Generated<number>;
  speaker_edits: Generated<string | null>;
}

/** Voiceprints of a note's speakers (migration 0032, ADR 0058); the transcript store and the owner-voice code only. */
export interface VoiceNoteVoiceColumns {
  /** JSON `{speakerId: print}`; null without. */
  speaker_prints: Generated<string | null>;
  /** 1 once the note's voice was folded into its owner's voice profile. */
  voice_taught: Generated<number>;
}

/** Whether the owner reviewed the transcript (migration 0019, ADR 0037); the transcript store writes it. */
export interface VoiceNoteReviewColumns {
  transcript_reviewed: Generated<TranscriptReview>;
  /** Epoch milliseconds of the review; null while `none`. */
  transcript_reviewed_at: number | null;
}

/** Earlier transcripts of a note: engine results and hand-edited text they replaced. */
export interface TranscriptVersionsTable {
  id: string;
  voice_note_id: string;
  owner_id: string;
  text: string;
  segments: string | null;
  source: 'manual' | 'engine';
  /** The engine and model of an engine version (migration 0016); null for typed text and older versions. */
  engine: string | null;
  model: string | null;
  /** JSON `[{id, name}]`: the speakers this version named (migration 0029); null without. */
  speakers: Generated<string | null>;
  created_at: number;
}

/** A provider account (OAuth 2 / OpenID Connect) linked to a user: `uid` is the provider's subject. */
export interface SocialAccountsTable {
  id: string;
  user_id: string;
  provider: string;
  uid: string;
  /** The address the provider reported last, if any. */
  email: string | null;
  display: string;
  created_at: number;
  last_login_at: number;
}

/**
 * A redirect to a provider waiting for its callback: single-use, minutes long, bound to the
 * browser that started it. Only the SHA-256 of the state and of the browser's binding cookie is kept.
 */
export interface SocialLoginStatesTable {
  state_hash: string;
  browser_hash: string;
  provider: string;
  process: 'login' | 'connect';
  /** The web app's same-origin path to return to. */
  callback_path: string;
  /** Our callback URL as sent to the provider (the token request repeats it). */
  redirect_uri: string;
  code_verifier: string;
  nonce: string;
  /** The user connecting a provider (process "connect"). */
  user_id: string | null;
  created_at: number;
  expires_at: number;
}

export type AuthenticatorType = 'totp' | 'recovery_codes' | 'webauthn';

/** A second factor or passkey of a user (migration 0013): `data` is JSON sealed by the secret box. */
export interface AuthenticatorsTable {
  id: string;
  user_id: string;
  type: AuthenticatorType;
  /** A passkey's name; null for other types. */
  name: string | null;
  /** WebAuthn credential id (base64url), in clear because logins look it up; unique. */
  credential_id: string | null;
  data: string;
  created_at: number;
  last_used_at: number | null;
}

/** A resumable (tus) upload in progress (migration 0014); its bytes are parts in blob storage. */
export interface UploadsTable {
  id: string;
  owner_id: string;
  pad_id: string;
  /** The client's file name and declared type (tus metadata `filename`, `filetype`). */
  file_name: string;
  file_type: string;
  /** tus metadata `speakers` as a number (migration 0029); null: "auto" or not given. */
  speakers_hint: Generated<number | null>;
  /** Upload-Length: the whole file. */
  length_bytes: number;
  /** Bytes stored as complete parts; the client resumes from here. */
  offset_bytes: number;
  /** 1 once the first bytes were sniffed as audio we accept. */
  audio_checked: Generated<number>;
  created_at: number;
  /** The last write: an upload expires UPLOAD_EXPIRY_HOURS after it. */
  updated_at: number;
  expires_at: number;
}

/** A person's word or phrase and how it is said (migration 0018, ADR 0036); vocabulary/ only. */
export interface VocabularyWordsTable {
  id: string;
  user_id: string;
  /** Null: used in every pad of the owner. */
  pad_id: string | null;
  word: string;
  /** The word trimmed and lower-cased: unique per owner among all-pad words, and per owner and pad. */
  word_key: string;
  /** JSON array of phone strings ("V AE R OW AH"). */
  pronunciations: string;
  source: 'dictionary' | 'sounds_like' | 'generated' | 'user';
  sounds_like: string | null;
  created_at: number;
  updated_at: number;
}

/** A word the person asked not to be proposed again (migration 0018). */
export interface VocabularyDismissalsTable {
  id: string;
  user_id: string;
  word_key: string;
  created_at: number;
}

/** What the recogniser learnt about one person, and its rebuild job (migration 0020, ADR 0038). */
export interface AdaptationStatesTable {
  user_id: string;
  status: 'none' | 'queued' | 'running' | 'ready' | 'failed';
  /** The build whose files are in blob storage (`adaptation/<user>/<build_id>/`); null before any. */
  build_id: string | null;
  language_built_at: number | null;
  acoustic_built_at: number | null;
  acoustic_seconds: Generated<number>;
  corrected_seconds: Generated<number>;
  notes_used: Generated<number>;
  /** Words of learnable text at the last build: the auto-rebuild counts new words from here. */
  text_words_used: Generated<number>;
  vocabulary_words: Generated<number>;
  /** The personal LM's interpolation weight, chosen on held-out text. */
  lm_weight: number | null;
  /** JSON: perplexity of the held-out text per candidate weight. */
  lm_perplexities: string | null;
  /** SHA-256 of the stock model version, the notes (ids and update times) and vocabulary used. */
  source_hash: string | null;
  /**
   * The current build's gain on held-out notes (migration 0022, ADR 0043): word error rate of
   * the stock model and of a build made without those notes, and how many notes and seconds;
   * all null when it was not measured.
   */
  gain_wer_before: number | null;
  gain_wer_after: number | null;
  gain_notes: number | null;
  gain_seconds: number | null;
  error: string | null;
  /** 1: a rebuild was asked for while one ran; it is queued again when the running one ends. */
  rebuild_requested: Generated<number>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: number | null;
  queued_at: number | null;
  updated_at: number;
}

/** A share link (migration 0023, ADR 0044); shares/ only. */
export interface SharesTable {
  id: string;
  user_id: string;
  /** The shared note (whole or a range of it); null for a pad share. */
  note_id: string | null;
  /** The shared pad; null for a note share. */
  pad_id: string | null;
  /** SHA-256 of the link's token (hex): the token itself is never stored. */
  token_hash: string;
  start_seconds: number | null;
  end_seconds: number | null;
  expires_at: number | null;
  /** scrypt, as account passwords; null: no password. */
  password_hash: string | null;
  allow_download: number;
  view_count: Generated<number>;
  last_viewed_at: number | null;
  created_at: number;
}

/** An import of a zip into a pad (migration 0026, ADR 0047); imports/ only. */
export interface ImportsTable {
  id: string;
  owner_id: string;
  pad_id: string;
  status: 'running' | 'done' | 'failed';
  /** Files the zip holds to import, and how many of them are settled (imported or failed). */
  total: number;
  done: number;
  /** JSON array of ImportedFile: each file's name, status, error and note. */
  files: string;
  /** Why the whole import stopped, when it failed. */
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** A person's tag (migration 0024, ADR 0045); tags/ only. */
export interface TagsTable {
  id: string;
  user_id: string;
  /** As first given (trimmed). */
  name: string;
  /** tagNameKey(name): unique per user. */
  name_key: string;
  created_at: number;
  updated_at: number;
}

/** A tag on a voice note, once per pair (migration 0024). */
export interface VoiceNoteTagsTable {
  id: string;
  user_id: string;
  note_id: string;
  tag_id: string;
  created_at: number;
}

/** Where a person's note events are sent (migration 0027, ADR 0048); webhooks/ only. */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event types (WEBHOOK_EVENTS). */
  events: string;
  description: string;
  /** The signing secret (`whsec_...`), sealed by the SecretBox with the webhook's id as context. */
  secret_sealed: string;
  enabled: number;
  /** Why Voxpad turned it off by itself, or null. */
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

/** One message to one webhook: the outbox row and its log entry (migration 0027). */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  user_id: string;
  event: string;
  /** The JSON body, exactly as sent on every attempt. */
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  /** When a pending delivery may be tried (again); null once finished. */
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  response_status: number | null;
  /** The start of the last answer's body, capped. */
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number;
  last_attempt_at: number | null;
}

/** A moment or a time range of a voice note (migration 0030, ADR 0054); highlights/ only. */
export interface HighlightsTable {
  id: string;
  note_id: string;
  owner_id: string;
  start_seconds: number;
  /** null: a moment, not a range. */
  end_seconds: number | null;
  label: string;
  comment: string;
  created_at: number;
  updated_at: number;
}

/**
 * A note a bulk delete took, kept for its undo window (migration 0025, ADR 0046): the note's
 * columns and its transcript versions as JSON; its audio stays at `storage_key` until purged.
 */
export interface DeletedVoiceNotesTable {
  id: string;
  owner_id: string;
  pad_id: string;
  storage_key: string;
  note: string;
  versions: string;
  deleted_at: number;
  expires_at: number;
}

/** One generation of a note's summary, and its job (migration 0028, ADR 0052). */
export interface NoteSummariesTable {
  id: string;
  voice_note_id: string;
  owner_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  summary: string | null;
  /** JSON array of {text, start}. */
  action_items: string;
  title: string | null;
  model: string;
  /** Host (and port) of the endpoint the transcript was sent to. */
  endpoint: string;
  error: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  created_at: number;
  finished_at: number | null;
}

/** Per pad: summarise new notes once transcribed (migration 0028). */
export interface PadSummarySettingsTable {
  pad_id: string;
  owner_id: string;
  auto_summary: number;
  updated_at: number;
}

/** A person's voice, learnt from their corrected notes (migration 0032, ADR 0058); the owner-voice code only. */
export interface VoiceProfilesTable {
  owner_id: string;
  /** JSON `{frames, mean, variance}`: the pooled print of every note that taught it. */
  print: string;
  notes: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable & UserSettingsColumns;
  sessions: SessionsTable;
  pads: PadsTable;
  voice_notes: VoiceNotesTable &
    VoiceNoteJobColumns &
    VoiceNoteReviewColumns &
    VoiceNoteSearchColumns &
    VoiceNoteSpeakerColumns &
    VoiceNoteVoiceColumns;
  transcript_versions: TranscriptVersionsTable;
  email_verifications: EmailVerificationsTable;
  email_addresses: EmailAddressesTable;
  password_reset_keys: PasswordResetKeysTable;
  rate_limit_hits: RateLimitHitsTable;
  api_tokens: ApiTokensTable;
  social_accounts: SocialAccountsTable;
  social_login_states: SocialLoginStatesTable;
  authenticators: AuthenticatorsTable;
  uploads: UploadsTable;
  vocabulary_words: VocabularyWordsTable;
  vocabulary_dismissals: VocabularyDismissalsTable;
  adaptation_states: AdaptationStatesTable;
  shares: SharesTable;
  imports: ImportsTable;
  tags: TagsTable;
  voice_note_tags: VoiceNoteTagsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  deleted_voice_notes: DeletedVoiceNotesTable;
  note_summaries: NoteSummariesTable;
  pad_summary_settings: PadSummarySettingsTable;
  highlights: HighlightsTable;
  voice_profiles: VoiceProfilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type PadRow = Selectable<PadsTable>;
export type PadUpdate = Updateable<PadsTable>;
export type NewPad = Insertable<PadsTable>;
export type VoiceNoteRow = Selectable<
  VoiceNotesTable & VoiceNoteJobColumns & VoiceNoteReviewColumns & VoiceNoteSpeakerColumns
>;
export type VoiceNoteJobRow = VoiceNoteRow & Selectable<VoiceNoteJobColumns>;
export type TranscriptVersionRow = Selectable<TranscriptVersionsTable>;
export type NewVoiceNote = Insertable<VoiceNotesTable>;
export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type EmailAddressRow = Selectable<EmailAddressesTable>;
export type PasswordResetKeyRow = Selectable<PasswordResetKeysTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type SocialAccountRow = Selectable<SocialAccountsTable>;
export type SocialLoginStateRow = Selectable<SocialLoginStatesTable>;
export type AuthenticatorRow = Selectable<AuthenticatorsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type VocabularyWordRow = Selectable<VocabularyWordsTable>;
export type AdaptationStateRow = Selectable<AdaptationStatesTable>;
export type ShareRow = Selectable<SharesTable>;
export type ImportRow = Selectable<ImportsTable>;
export type TagRow = Selectable<TagsTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type HighlightRow = Selectable<HighlightsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NoteSummaryRow = Selectable<NoteSummariesTable>;
