import type { ReactNode } from 'react';

/** One `<dt>label</dt><dd>value</dd>` pair of a list of facts (a task's budget, a profile's figures). */
export function Fact({
  label,
  valueClassName,
  className,
  children,
}: {
  label: string;
  valueClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-base-content/90">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
