import { createFileRoute } from '@tanstack/react-router';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { PublicShell } from './-components/public-shell.tsx';
import { Prose } from './-components/prose.tsx';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});

function TermsPage() {
  useDocumentTitle('Terms of use');
  return (
    <PublicShell>
      <Prose>
        <h1>Terms of use</h1>
        <p>
          Voxpad is self-hosted software. The person or organisation that runs this server (the operator)
          decides who may use it and is responsible for it. These terms describe how the software is meant to
          be used; the operator may add their own.
        </p>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself and log out on shared computers. You are responsible for what is
          recorded and stored under your account.
        </p>
        <h2>Your recordings</h2>
        <p>
          Your voice notes and transcripts belong to you. Only record people who have agreed to be recorded,
          and follow the laws that apply where you and they are. Do not upload content you have no right to
          store.
        </p>
        <h2>Transcripts</h2>
        <p>
          Transcripts are produced automatically and can contain mistakes. Check anything important against
          the recording.
        </p>
        <h2>No warranty</h2>
        <p>
          The software is provided as is, without warranty of any kind. Keep your own copies of recordings you
          cannot afford to lose; the operator decides how data is backed up.
        </p>
        <h2>Questions</h2>
        <p>Contact the operator of this server.</p>
      </Prose>
    </PublicShell>
  );
}
