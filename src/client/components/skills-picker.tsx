import { useId, useState } from 'react';
import { skillKey } from '../../shared/skill-key.ts';
import { FieldError, FormField } from './form-field.tsx';

interface SkillsPickerProps {
  legend: string;
  /** What the list of chosen skills is called for screen readers. */
  listLabel: string;
  skills: readonly string[];
  onChange(skills: string[]): void;
  max: number;
  /** Offered as one types (a datalist). */
  known?: readonly string[];
  /** Offered as chips to add with one click (issue 50: a task's suggested skills). */
  offered?: readonly string[];
  error?: string | undefined;
}

/**
 * Issue 50: skills chosen as removable chips, offered as chips to add and typed with
 * suggestions: a freelancer's profile and a task's form.
 */
export function SkillsPicker({
  legend,
  listLabel,
  skills,
  onChange,
  max,
  known = [],
  offered = [],
  error,
}: SkillsPickerProps) {
  const [text, setText] = useState('');
  const knownId = useId();
  const full = skills.length >= max;

  const add = (typed: string) => {
    const skill = typed.trim().replace(/\s+/g, ' ');
    setText('');
    if (!skill || full || skills.some((s) => skillKey(s) === skillKey(skill))) return;
    onChange([...skills, skill]);
  };

  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      <ul aria-label={listLabel} className="flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li key={skill} className="badge badge-outline gap-1 py-3">
            {skill}
            <button
              type="button"
              className="btn btn-ghost btn-xs min-h-6"
              aria-label={`Remove ${skill}`}
              onClick={() => onChange(skills.filter((s) => s !== skill))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      {offered.length > 0 && !full && (
        <div>
          <p className="text-sm">Suggested:</p>
          <ul aria-label="Suggested skills" className="flex flex-wrap gap-2">
            {offered.map((skill) => (
              <li key={skill}>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Add ${skill}`}
                  onClick={() => add(skill)}
                >
                  + {skill}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <FormField
            label="Add a skill"
            list={knownId}
            value={text}
            maxLength={40}
            disabled={full}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add(text);
              }
            }}
          />
        </div>
        <button type="button" className="btn" disabled={full} onClick={() => add(text)}>
          Add
        </button>
      </div>
      <datalist id={knownId}>
        {known.map((skill) => (
          <option key={skill} value={skill} />
        ))}
      </datalist>
      <FieldError message={error} />
    </fieldset>
  );
}
