import { updatePadSchema, type Pad, type PadColor } from '@voxpad/shared/pads';
import { LIMITS } from '@voxpad/shared/limits';
import { useState, type FormEvent } from 'react';
import { PadAppearanceFields } from './pad-appearance-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { useUpdatePad } from '../api/update-pad.ts';

type Field = 'name' | 'description';

export interface EditPadFormProps {
  pad: Pad;
  onDone: () => void;
}

export function EditPadForm({ pad, onDone }: EditPadFormProps) {
  const [name, setName] = useState(pad.name);
  const [description, setDescription] = useState(pad.description);
  const [color, setColor] = useState<PadColor>(pad.color);
  const [icon, setIcon] = useState<string | null>(pad.icon);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const mutation = useUpdatePad({ onSuccess: onDone });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    const parsed = updatePadSchema.safeParse({ id: pad.id, name, description, color, icon });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'description') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    mutation.mutate(
      { id: pad.id, name: parsed.data.name, description: parsed.data.description, color, icon },
      {
        onError: (error) => {
          if (isHttpError(error) && error.errors.length > 0) {
            const mapped = mapServerErrors(error.errors, ['name', 'description'] as const);
            setFieldErrors(mapped.fieldErrors);
            setFormErrors(mapped.formErrors);
          } else {
            setFormErrors([error.message]);
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Pad name"
        name="name"
        maxLength={LIMITS.padNameMax}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={fieldErrors.name}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={2}
        maxLength={LIMITS.padDescriptionMax}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={fieldErrors.description}
      />
      <PadAppearanceFields color={color} icon={icon} onColorChange={setColor} onIconChange={setIcon} />
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
