/** How mail goes out (SMTP_URL, MAIL_FROM, DEV_OUTBOX). */
export interface MailSettings {
  /** Unset: mails are written to DATA_DIR/outbox instead of being sent. */
  smtpUrl: string | undefined;
  from: string;
  /** Serve GET /api/v1/dev/outbox/ to loopback clients. */
  devOutbox: boolean;
}
