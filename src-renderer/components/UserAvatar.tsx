import { useState } from 'react';

/**
 * A user's avatar over the first letter of the name: the letter shows until the picture has
 * loaded and stays when there is none or it fails (the name is always shown beside it).
 */
export function UserAvatar({ user, size = 24 }: { user: { avatar?: string; display_name: string }; size?: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const style = { width: size, height: size, fontSize: Math.round(size * 0.5) };
  return (
    <span className="avatar avatar-letter" style={style} aria-hidden="true">
      {(user.display_name || '?').slice(0, 1).toUpperCase()}
      {user.avatar && state !== 'failed' && (
        <img
          className={state === 'loaded' ? 'avatar-img' : 'avatar-img pending'}
          src={user.avatar}
          alt=""
          width={size}
          height={size}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </span>
  );
}
