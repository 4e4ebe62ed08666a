/** Outgoing email (SMTP in production; the provider sandbox's SMTP catcher on this machine). */
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
}
