/** A loading spinner (spec §2 "A loading spinner shows while loading"). */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-16" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The main area's full-screen indicator while a navigation loads (spec §2 "Shell"). */
export function FullScreenLoader() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center" role="status">
      <span className="loading loading-bars loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading page</span>
    </div>
  );
}
