import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useModal, useSession } from '@casino/platform';
import { Button, useToast, Icon } from '@casino/ui';
import { setFavorite, type Game } from '../api';
import { m } from '../pages/messages';

export function FavoriteButton({ game, initial = false }: { game: Game; initial?: boolean }) {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  const toast = useToast();
  const [favorite, setFav] = useState(initial);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!authenticated) {
      open('login');
      return;
    }
    setBusy(true);
    try {
      await setFavorite(game.id, !favorite);
      setFav(!favorite);
    } catch (e) {
      toast.show(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const label = intl.formatMessage(favorite ? m.removeFavorite : m.addFavorite);
  return (
    <Button variant="ghost" aria-pressed={favorite} aria-label={label} title={label} loading={busy} onClick={toggle}>
      <Icon name="heart" size={18} fill={favorite ? 'currentColor' : 'none'} />
    </Button>
  );
}
