import { useEffect, useId, useState, type FormEvent } from 'react';
import { FILE_MESSAGES, IMAGE_TYPES } from '../../../shared/files.ts';
import {
  PORTFOLIO_MAX,
  portfolioCreateSchema,
  portfolioUpdateSchema,
  type PortfolioItem,
} from '../../../shared/portfolio.ts';
import { useDialog } from '../../components/dialogs.tsx';
import { FieldError, FormField } from '../../components/form-field.tsx';
import { useToast } from '../../components/toaster.tsx';
import { errorMessage, useForm } from '../../lib/use-form.ts';
import { Uploader } from '../files/uploader.tsx';
import { useUploads } from '../files/use-uploads.ts';
import { PortfolioPiece } from './portfolio-grid.tsx';
import { portfolioApi } from './portfolio-api.ts';

export const PORTFOLIO_TEXTS = {
  added: 'Added to your portfolio.',
  saved: 'Portfolio piece saved.',
  removed: 'Removed from your portfolio.',
  linkHint: 'Optional: a full https:// address where the work can be seen.',
} as const;

/** The title and link fields of both forms, with the shared schema's rules. */
function PieceFields({ form }: { form: { field(name: 'title' | 'link'): FieldProps } }) {
  return (
    <>
      <FormField label="Title" required {...form.field('title')} />
      <FormField
        label="Link (optional)"
        type="url"
        hint={PORTFOLIO_TEXTS.linkHint}
        {...form.field('link')}
      />
    </>
  );
}
type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange(event: { target: { value: string } }): void;
};

/**
 * "Portfolio" on the owner's profile page (issue 49): up to 12 pieces, each a photo with a
 * title and an optional link; added (upload, title, link), edited (title, link) and removed
 * here, shown on the public profile in this order.
 */
export function PortfolioEditor({ userId }: { userId: string }) {
  const [items, setItems] = useState<PortfolioItem[] | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  useEffect(() => {
    portfolioApi.of(userId).then(setItems, (error: unknown) => setLoadFailure(errorMessage(error)));
  }, [userId]);
  const replace = (item: PortfolioItem) =>
    setItems((current) => current?.map((it) => (it.id === item.id ? item : it)) ?? null);

  return (
    <section aria-labelledby="portfolio-heading" className="max-w-xl space-y-4">
      <h2 id="portfolio-heading" className="text-2xl font-semibold">
        Portfolio
      </h2>
      <p>
        Up to {PORTFOLIO_MAX} photos of your work, each with a title, shown on your public profile.
      </p>
      {items === null ? (
        <p role={loadFailure ? 'alert' : undefined}>{loadFailure || 'Loading your portfolio…'}</p>
      ) : (
        <>
          {items.length > 0 && (
            <ul aria-label="Your portfolio" className="grid gap-4 sm:grid-cols-2">
              {items.map((item) => (
                <li key={item.id} className="rounded-box border border-base-300 p-3">
                  <PieceEditor
                    item={item}
                    onSaved={replace}
                    onRemoved={() =>
                      setItems((current) => current?.filter((it) => it.id !== item.id) ?? null)
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          {items.length < PORTFOLIO_MAX ? (
            <AddPiece onAdded={(item) => setItems((current) => [...(current ?? []), item])} />
          ) : (
            <p>Your portfolio is full: remove a piece to add another.</p>
          )}
        </>
      )}
    </section>
  );
}

function AddPiece({ onAdded }: { onAdded(item: PortfolioItem): void }) {
  const uploads = useUploads('portfolio');
  const form = useForm(portfolioCreateSchema, { title: '', link: '' });
  const [refusal, setRefusal] = useState('');
  const toast = useToast();
  const submit = form.handleSubmit(
    async (input) => {
      try {
        onAdded(await portfolioApi.add(input));
      } catch (error) {
        setRefusal(errorMessage(error));
        return;
      }
      setRefusal('');
      uploads.reset();
      form.reset();
      toast.success(PORTFOLIO_TEXTS.added);
    },
    (values) => ({ ...values, fileId: uploads.ready[0]?.id ?? '' }),
  );
  const onSubmit = (event: FormEvent) => {
    if (uploads.isBusy || uploads.hasFailures) {
      event.preventDefault();
      setRefusal(FILE_MESSAGES.notReady);
      return;
    }
    setRefusal('');
    void submit(event);
  };
  return (
    <form
      noValidate
      aria-label="Add to portfolio"
      onSubmit={onSubmit}
      className="space-y-3 rounded-box bg-base-200 p-4"
    >
      <h3 className="text-lg font-semibold">Add a piece</h3>
      <Uploader
        uploads={uploads}
        label="Photo"
        accept={IMAGE_TYPES.join(',')}
        max={1}
        hint="JPEG, PNG, WebP or AVIF."
      />
      <FieldError message={form.errors.fileId} />
      <PieceFields form={form} />
      <FieldError message={refusal} />
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
        {form.isSubmitting ? 'Adding…' : 'Add to portfolio'}
      </button>
    </form>
  );
}

function PieceEditor({
  item,
  onSaved,
  onRemoved,
}: {
  item: PortfolioItem;
  onSaved(item: PortfolioItem): void;
  onRemoved(): void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const dialog = useDialog();
  const toast = useToast();

  async function remove() {
    const isConfirmed = await dialog.confirm({
      title: `Remove “${item.title}”?`,
      text: 'Its photo is deleted too.',
      confirmText: 'Remove',
      isDestructive: true,
    });
    if (!isConfirmed) return;
    try {
      await portfolioApi.remove(item.id);
      onRemoved();
      toast.success(PORTFOLIO_TEXTS.removed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  if (isEditing) {
    return (
      <EditPiece
        item={item}
        onDone={(saved) => {
          if (saved) onSaved(saved);
          setIsEditing(false);
        }}
      />
    );
  }
  return (
    <div className="space-y-2">
      <PortfolioPiece item={item} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setIsEditing(true)}>
          Edit<span className="sr-only"> {item.title}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={remove}>
          Remove<span className="sr-only"> {item.title}</span>
        </button>
      </div>
    </div>
  );
}

function EditPiece({
  item,
  onDone,
}: {
  item: PortfolioItem;
  onDone(saved: PortfolioItem | null): void;
}) {
  const form = useForm(portfolioUpdateSchema, { title: item.title, link: item.link ?? '' });
  const [refusal, setRefusal] = useState('');
  const toast = useToast();
  const id = useId();
  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await portfolioApi.update(item.id, input);
      toast.success(PORTFOLIO_TEXTS.saved);
      onDone(saved);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });
  return (
    <form noValidate aria-labelledby={id} onSubmit={submit} className="space-y-3">
      <h3 id={id} className="font-semibold wrap-anywhere">
        Edit “{item.title}”
      </h3>
      <PieceFields form={form} />
      <FieldError message={refusal} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={form.isSubmitting}>
          Save
        </button>
        <button type="button" className="btn btn-sm" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
