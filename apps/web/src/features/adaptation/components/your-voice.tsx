import type { VoiceProfileSummary } from '@voxpad/shared/adaptation';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toastHttpError } from '../../../lib/toast-http-error.ts';
import { useForgetVoiceProfile } from '../api/forget-voice-profile.ts';

/** "Your voice: learnt from N notes" and Forget my voice (ADR 0058). */
export function YourVoice({ profile }: { profile: VoiceProfileSummary | null }) {
  const forget = useForgetVoiceProfile();
  if (!profile) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Your voice: not learnt yet. Correct or confirm notes where only you speak, and Voxpad names you “You”
        in conversations.
      </p>
    );
  }
  const notes = profile.notes === 1 ? '1 note' : `${profile.notes} notes`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Your voice: learnt from {notes}
        {profile.recognises
          ? '.'
          : ` (${Math.round(profile.seconds)} s of speech; 20 s are needed to recognise you).`}
      </p>
      <Button
        variant="secondary"
        disabled={forget.isPending}
        onClick={() =>
          forget.mutate(undefined, {
            onError: toastHttpError,
            onSuccess: () => toast.success('Voxpad has forgotten your voice.'),
          })
        }
      >
        Forget my voice
      </Button>
    </div>
  );
}
