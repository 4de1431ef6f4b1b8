import { useState, type ReactNode } from 'react';
import type { messageInputSchema } from '../../../shared/conversations.ts';
import { TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';

/** A shared schema for `{text}`: the question's, the reply's or the message's (one shape). */
type TextSchema = typeof messageInputSchema;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * One text to write (issue 10: a question, a reply, a private message): a labelled text area with
 * a character counter against the limit, checked with the shared schema in the browser (empty
 * text and too long are refused with the shared messages before anything is sent). A refusal of
 * the server (its `{message}`, the rate limit's 429 among them) shows under the field and the
 * text stays, to send again; a sent text clears the field.
 */
export function TextComposer({
  name,
  label,
  schema,
  maxLength,
  submitLabel,
  hint,
  autoFocus,
  send,
  onSent,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  name: string;
  label: string;
  schema: TextSchema;
  maxLength: number;
  submitLabel: string;
  hint?: string | undefined;
  autoFocus?: boolean;
  /** Sends the text; throws the server's refusal. */
  send(text: string): Promise<unknown>;
  /** After the text went in (e.g. reload the thread). */
  onSent?: () => Promise<void> | void;
  onCancel?: () => void;
  /** More of the form, under the text (a message's files). */
  children?: ReactNode;
}) {
  const form = useForm(schema, { text: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = form.field('text');
  const length = text.value.trim().length;
  const isOver = length > maxLength;
  const submit = form.handleSubmit(async (input) => {
    try {
      await send(input.text);
    } catch (error) {
      setRefusal(errorMessage(error));
      return;
    }
    setRefusal(null);
    form.reset();
    await onSent?.();
  });
  const counter = isOver
    ? `${count(length)} of ${count(maxLength)} characters: ${count(length - maxLength)} too many.`
    : `${count(length)} of ${count(maxLength)} characters.`;

  return (
    <PanelForm
      name={name}
      submitLabel={submitLabel}
      isSubmitting={form.isSubmitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextAreaField
        label={label}
        required
        autoFocus={autoFocus}
        className="h-24"
        error={text.error ?? refusal}
        hint={
          <>
            <span className={isOver ? 'font-semibold' : ''}>{counter}</span>
            {hint && ` ${hint}`}
          </>
        }
        name={text.name}
        value={text.value}
        onChange={(event) => {
          text.onChange(event);
          if (refusal) setRefusal(null);
        }}
      />
      {children}
    </PanelForm>
  );
}
