import { updatePadSchema, type Pad } from '@voxpad/shared/pads';
import type { FormEvent } from 'react';
import { PadFields } from './pad-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useUpdatePad } from '../api/update-pad.ts';
import { usePadDraft } from '../hooks/use-pad-draft.ts';

export interface EditPadFormProps {
  pad: Pad;
  onDone: () => void;
}

export function EditPadForm({ pad, onDone }: EditPadFormProps) {
  const form = usePadDraft({
    name: pad.name,
    description: pad.description,
    color: pad.color,
    icon: pad.icon,
  });
  const mutation = useUpdatePad({ onSuccess: onDone });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { draft } = form;
    const input = form.check(updatePadSchema.safeParse({ id: pad.id, ...draft }));
    if (!input) return;
    mutation.mutate(
      { id: pad.id, name: input.name, description: input.description, color: draft.color, icon: draft.icon },
      { onError: form.refused },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={mutation.isPending}>
      <PadFields form={form} />
      <div className="flex gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
