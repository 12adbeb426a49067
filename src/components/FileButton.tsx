import { useRef, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

/** A button that opens the browser's file chooser: the hidden file input beside it carries the
 * same label (and `testId`, for the browser suite to set files on). Each choice is handed over
 * once, and the input is emptied, so choosing the same file again is seen again. */
export function FileButton({
  label,
  accept,
  onFiles,
  testId,
  startIcon,
  ...button
}: {
  label: string;
  /** File name endings the chooser offers (the device checks the content). */
  accept: string;
  onFiles(files: File[]): void;
  testId?: string;
  startIcon?: ReactNode;
} & Pick<ButtonProps, 'variant' | 'size' | 'disabled'>) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} startIcon={startIcon} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        data-testid={testId}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </>
  );
}
