import { createPadSchema, DEFAULT_PAD_COLOR, type Pad, type PadColor } from '@voxpad/shared/pads';
import { LIMITS } from '@voxpad/shared/limits';
import { useState, type FormEvent } from 'react';
import { PadAppearanceFields } from './pad-appearance-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { isHttpError } from '../../../lib/api-client.ts';
import { mapServerErrors } from '../../../lib/form-errors.ts';
import { useCreatePad } from '../api/create-pad.ts';

type Field = 'name' | 'description';

export interface CreatePadFormProps {
  onCreated?: (pad: Pad) => void;
}

export function CreatePadForm({ onCreated }: CreatePadFormProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState<PadColor>(DEFAULT_PAD_COLOR);
  const [icon, setIcon] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const mutation = useCreatePad({
    onSuccess: (pad) => {
      setName('');
      setDescription('');
      setColor(DEFAULT_PAD_COLOR);
      setIcon(null);
      onCreated?.(pad);
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormErrors([]);
    const parsed = createPadSchema.safeParse({ name, description, color, icon });
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
    mutation.mutate(parsed.data, {
      onError: (error) => {
        if (isHttpError(error) && error.errors.length > 0) {
          const mapped = mapServerErrors(error.errors, ['name', 'description'] as const);
          setFieldErrors(mapped.fieldErrors);
          setFormErrors(mapped.formErrors);
        } else {
          setFormErrors([error.message]);
        }
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-3" aria-busy={mutation.isPending}>
      <FormErrors messages={formErrors} />
      <TextField
        label="Pad name"
        name="name"
        maxLength={LIMITS.padNameMax}
        placeholder="Meeting notes, ideas, journal…"
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
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Creating…' : 'New pad'}
      </Button>
    </form>
  );
}
