import { createPadSchema, DEFAULT_PAD_COLOR, type Pad } from '@voxpad/shared/pads';
import type { FormEvent } from 'react';
import { PadFields } from './pad-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCreatePad } from '../api/create-pad.ts';
import { usePadDraft } from '../hooks/use-pad-draft.ts';

export interface CreatePadFormProps {
  onCreated?: (pad: Pad) => void;
}

export function CreatePadForm({ onCreated }: CreatePadFormProps) {
  const form = usePadDraft({ name: '', description: '', color: DEFAULT_PAD_COLOR, icon: null });

  const mutation = useCreatePad({
    onSuccess: (pad) => {
      form.reset();
      onCreated?.(pad);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.check(createPadSchema.safeParse(form.draft));
    if (input) mutation.mutate(input, { onError: form.refused });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={mutation.isPending}>
      <PadFields form={form} namePlaceholder="Meeting notes, ideas, journal…" />
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating…' : 'New pad'}
      </Button>
    </form>
  );
}
