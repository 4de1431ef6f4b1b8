import { useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../lib/after-paint.ts';
import type { UserSummary } from '../../../shared/user-summary.ts';
import { useDialog, type DialogOptions } from '../../components/dialogs.tsx';
import { useToast } from '../../components/toaster.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage } from '../../lib/use-form.ts';
import { blocksApi } from './blocks-api.ts';

type BlockTarget = Pick<UserSummary, '_id' | 'name'>;

/** Issue 20: what blocking does, said before it is done. */
export function blockConfirm(name: string): DialogOptions {
  return {
    title: `Block ${name}?`,
    text: `Neither of you can then make offers on the other's tasks, ask or reply about them, or message the other. Pending offers between you are withdrawn. ${name} is not told; you can unblock them later.`,
    confirmText: 'Block',
    isDestructive: true,
    icon: 'warning',
  };
}

/**
 * Block (after a confirmation) and Unblock, each saying the server's message in a toast, or why
 * it was refused. Each resolves true when it was done.
 */
export function useBlockActions() {
  const dialog = useDialog();
  const toast = useToast();

  const run = async (action: () => Promise<string>): Promise<boolean> => {
    try {
      toast.success(await action());
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  return {
    block: async (user: BlockTarget) =>
      (await dialog.confirm(blockConfirm(user.name))) && run(() => blocksApi.blockUser(user._id)),
    unblock: (user: BlockTarget) => run(() => blocksApi.unblockUser(user._id)),
  };
}

/**
 * Block or Unblock `user`, for a signed-in viewer who is not them (a profile, a conversation);
 * nothing until whether I blocked them is known. `withName` says whom in the button's text
 * ("Block Ann") where the name is not right beside it.
 */
export function BlockControl({
  user,
  withName = false,
  onBlocked,
}: {
  user: BlockTarget;
  withName?: boolean;
  /** After a block: the pending offers between us are withdrawn, so the page reads them again. */
  onBlocked?: () => Promise<void> | void;
}) {
  const viewerId = useSession().user?.id;
  const isOther = viewerId !== undefined && viewerId !== user._id;
  const pair = `${viewerId}|${user._id}`;
  // Kept with the pair it is about: another viewer or user starts unknown again.
  const [known, setKnown] = useState<{ pair: string; isBlocked: boolean } | null>(null);
  const { block, unblock } = useBlockActions();
  const isBusy = useRef(false);

  useEffect(() => {
    if (!isOther) return;
    let isCurrent = true;
    const cancel = afterPaint(() =>
      blocksApi.isBlocked(user._id).then(
        (isBlocked) => isCurrent && setKnown({ pair, isBlocked }),
        () => undefined, // Not known: no control rather than a wrong one.
      ),
    );
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [isOther, pair, user._id]);

  if (!isOther || known?.pair !== pair) return null;
  const { isBlocked } = known;

  const toggle = async () => {
    if (isBusy.current) return;
    isBusy.current = true;
    try {
      const isDone = isBlocked ? await unblock(user) : await block(user);
      if (!isDone) return;
      setKnown({ pair, isBlocked: !isBlocked });
      if (!isBlocked) await onBlocked?.();
    } finally {
      isBusy.current = false;
    }
  };

  const verb = isBlocked ? 'Unblock' : 'Block';
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={toggle}>
      {withName ? `${verb} ${user.name}` : verb}
    </button>
  );
}
