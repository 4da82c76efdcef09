import { LIMITS } from '@voxpad/shared/limits';
import { PadAppearanceFields } from './pad-appearance-fields.tsx';
import { FormErrors } from '../../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import type { PadDraftState } from '../hooks/use-pad-draft.ts';

export interface PadFieldsProps {
  form: PadDraftState;
  namePlaceholder?: string;
}

/** A pad's fields with their problems, as the new and edit pad forms show them. */
export function PadFields({ form, namePlaceholder }: PadFieldsProps) {
  const { draft, set, fieldErrors, formErrors } = form;
  return (
    <>
      <FormErrors messages={formErrors} />
      <TextField
        label="Pad name"
        name="name"
        maxLength={LIMITS.padNameMax}
        placeholder={namePlaceholder}
        value={draft.name}
        onChange={(event) => set('name')(event.target.value)}
        error={fieldErrors.name}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={2}
        maxLength={LIMITS.padDescriptionMax}
        value={draft.description}
        onChange={(event) => set('description')(event.target.value)}
        error={fieldErrors.description}
      />
      <PadAppearanceFields
        color={draft.color}
        icon={draft.icon}
        onColorChange={set('color')}
        onIconChange={set('icon')}
      />
    </>
  );
}
