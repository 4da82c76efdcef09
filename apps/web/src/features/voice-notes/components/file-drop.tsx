import { ACCEPTED_AUDIO_FORMATS } from '@voxpad/shared/voice-notes';
import { useId, useImperativeHandle, useRef, useState, type DragEvent, type Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ACCEPTED_AUDIO, fileRefusal } from '../utils/upload-file.ts';

/** Lets a page open the file picker, e.g. "Choose another file" after a refused upload. */
export interface FileDropHandle {
  open: () => void;
}

export interface FileDropProps {
  onFile: (file: File) => void;
  onRejected: (message: string) => void;
  /** The largest file the server takes; bigger (and empty) files are refused when picked. */
  maxBytes?: number | undefined;
  disabled?: boolean;
  ref?: Ref<FileDropHandle>;
}

/** Drop an audio file here or pick one; the drop zone is a convenience, the button is the way in. */
export function FileDrop({ onFile, onRejected, maxBytes, disabled = false, ref }: FileDropProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ open: () => inputRef.current?.click() }), []);
  const hintId = useId();
  const [over, setOver] = useState(false);

  function accept(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const refusal = fileRefusal(file, maxBytes);
    if (refusal) {
      onRejected(refusal);
      return;
    }
    onFile(file);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) accept(event.dataTransfer.files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed p-4 transition-colors ${
        over
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
          : 'border-slate-300 dark:border-slate-700'
      }`}
    >
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_AUDIO}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          accept(event.target.files);
          event.target.value = '';
        }}
      />
      <Button
        variant="secondary"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => inputRef.current?.click()}
      >
        Upload a file…
      </Button>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
        or drop an audio file here. {ACCEPTED_AUDIO_FORMATS.join(', ')}.
      </p>
    </div>
  );
}
