import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/** The longest side of the square sent: the server's `full` variant is at most 1600 px anyway. */
const AVATAR_SIDE = 512;

/** The chosen square of the photo, drawn on a canvas and encoded as a JPEG. */
async function cropToSquare(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const side = Math.min(AVATAR_SIDE, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop photos.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be cropped.'))),
      'image/jpeg',
      0.9,
    ),
  );
}

/**
 * Issue 49: the avatar is cropped to a square in the browser before it is sent, in a modal
 * dialog: drag or use the arrow keys to move the photo, the Zoom slider (or the wheel, or a pinch)
 * to enlarge it. Its own chunk: react-easy-crop loads only when a photo is chosen.
 */
export default function AvatarCropper({
  src,
  onCropped,
  onCancel,
}: {
  /** The chosen photo as a data: URL (the page's image policy allows data:, not blob:). */
  src: string;
  onCropped(square: Blob): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  async function confirm() {
    if (!area) return;
    try {
      onCropped(await cropToSquare(src, area));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <div className="modal-box space-y-4">
        <h2 id={titleId} className="text-xl font-bold">
          Crop your photo
        </h2>
        <div className="relative aspect-square w-full overflow-hidden rounded-box bg-base-300">
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            cropperProps={{
              role: 'group',
              'aria-label': 'The square kept: move the photo with the arrow keys',
            }}
          />
        </div>
        <div>
          <label htmlFor={zoomId} className="mb-1 block font-medium">
            Zoom
          </label>
          <input
            id={zoomId}
            type="range"
            className="range range-sm w-full"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
        </div>
        {error && (
          <p role="alert" className="border-l-4 border-error pl-2 text-sm">
            {error}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm} disabled={!area}>
            Use this photo
          </button>
        </div>
      </div>
    </dialog>
  );
}
