import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { PublicShell } from './-components/public-shell.tsx';
import { Prose } from './-components/prose.tsx';

export const Route = createFileRoute('/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <PublicShell>
      <Prose>
        <h1>Privacy</h1>
        <p>
          Voxpad runs on a server chosen by its operator. Your data stays on that server unless the operator
          configures otherwise. Nothing is sold or shared for advertising.
        </p>
        <h2>What is stored</h2>
        <ul>
          <li>Your account: username, email address and a hashed password.</li>
          <li>Your pads, the audio you record, and the transcripts made from it.</li>
          <li>A session cookie that keeps you logged in, and a security (CSRF) cookie.</li>
          <li>Your theme choice, kept in your own browser only.</li>
        </ul>
        <h2>Transcription</h2>
        <p>
          Audio is transcribed on this server by default. If the operator connects an external transcription
          service, your audio is sent to that service for transcription.
        </p>
        <h2>Error reports</h2>
        <p>
          If the operator enables error reporting, details of errors in the app, including your account
          identifier, may be sent to the operator&apos;s error-tracking service so problems can be fixed.
        </p>
        <h2>Deleting your data</h2>
        <p>
          Deleting a pad deletes its voice notes and transcripts. To delete your account, contact the operator
          of this server.
        </p>
      </Prose>
    </PublicShell>
  );
}
