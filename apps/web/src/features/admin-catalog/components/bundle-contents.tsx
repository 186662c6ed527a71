import type { AdminBundle, AdminCharacterDetail, AdminMediaItem } from "@reverie/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/lib/api-client";
import { useAddBundleItem } from "../api/add-bundle-item";
import { useCreateBundle } from "../api/create-bundle";
import { useDeleteMedia } from "../api/delete-media";
import { useRemoveBundleItem } from "../api/remove-bundle-item";

const FIELD = "w-full rounded-lg border border-white/10 bg-ink-800 px-3 py-2 text-sm text-ink-100";

/** "New bundle": title, description and price; gallery photos go into it afterwards. */
function NewBundleForm({ characterId }: { characterId: number }) {
  const create = useCreateBundle(characterId);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [price, setPrice] = useState("50");

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { title, description, price_tokens: Number(price) },
      {
        onSuccess: () => {
          setTitle("");
          setDescription("");
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      className="space-y-2 rounded-2xl border border-white/10 p-3"
      data-testid="admin-new-bundle"
    >
      <p className="text-sm font-medium text-ink-100">New bundle</p>
      <label className="block text-xs text-ink-300">
        Title
        <input
          required
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className={FIELD}
        />
      </label>
      <label className="block text-xs text-ink-300">
        Description
        <textarea
          required
          maxLength={1000}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className={FIELD}
        />
      </label>
      <div className="flex flex-wrap items-end gap-2">
        <label className="block text-xs text-ink-300">
          Price in tokens
          <input
            type="number"
            required
            min={1}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            className={`${FIELD} w-28`}
          />
        </label>
        <Button size="sm" type="submit" loading={create.isPending}>
          Create bundle
        </Button>
      </div>
      {create.error ? <Notice tone="error">{errorMessage(create.error)}</Notice> : null}
    </form>
  );
}

/** One bundle: its items (each can go back to the free gallery) and a picker of free photos to add. */
function BundleCard({
  bundle,
  media,
  canEdit,
}: {
  bundle: AdminBundle;
  media: readonly AdminMediaItem[];
  canEdit: boolean;
}) {
  const add = useAddBundleItem();
  const remove = useRemoveBundleItem();
  const [pick, setPick] = useState("");
  const items = media.filter((item) => item.bundle_id === bundle.id);
  const free = media.filter((item) => item.bundle_id === null && item.kind === "photo");
  const failure = add.error ?? remove.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!pick) return;
    add.mutate({ bundleId: bundle.id, mediaId: Number(pick) }, { onSuccess: () => setPick("") });
  }

  return (
    <li className="space-y-2 rounded-2xl border border-white/10 p-3" data-testid="admin-bundle-card">
      <p className="text-sm text-ink-100">
        {bundle.title} <span className="text-xs text-ink-400">{bundle.price_tokens} tokens</span>
      </p>
      {items.length === 0 ? <p className="text-xs text-ink-400">No items yet.</p> : null}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {items.map((item) => (
          <li key={item.id} className="space-y-1">
            <img src={item.thumbnail_url} alt="" className="aspect-[3/4] w-full rounded-lg object-cover" />
            {canEdit && item.kind === "bundle_image" ? (
              <button
                type="button"
                className="text-[11px] text-ink-300 underline hover:text-ink-100"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ bundleId: bundle.id, itemId: item.id })}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`bundle-add-${bundle.id}`}>
            Gallery photo to add to {bundle.title}
          </label>
          <select
            id={`bundle-add-${bundle.id}`}
            value={pick}
            onChange={(event) => setPick(event.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-white/10 bg-ink-800 px-2 py-1.5 text-sm text-ink-100"
          >
            <option value="">{free.length === 0 ? "No free photos to add" : "Add a gallery photo…"}</option>
            {free.map((item, index) => (
              <option key={item.id} value={item.id}>
                Photo {index + 1} (#{item.id})
              </option>
            ))}
          </select>
          <Button size="sm" type="submit" variant="secondary" loading={add.isPending} disabled={!pick}>
            Add
          </Button>
        </form>
      ) : null}
      {failure ? <Notice tone="error">{errorMessage(failure)}</Notice> : null}
    </li>
  );
}

/** A gallery item's delete button, asking once before it goes for good. */
export function DeleteMediaButton({
  characterId,
  mediaId,
  description,
}: {
  characterId: number;
  mediaId: number;
  /** what goes, for the button's accessible name ("photo 3") */
  description: string;
}) {
  const remove = useDeleteMedia(characterId);
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="text-xs text-red-300 underline hover:text-red-200"
        aria-label={`Delete ${description}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
    );
  }
  return (
    <span className="flex flex-wrap gap-2 text-xs">
      <button
        type="button"
        className="text-red-300 underline"
        disabled={remove.isPending}
        onClick={() => remove.mutate(mediaId, { onSettled: () => setAsking(false) })}
      >
        Delete for good
      </button>
      <button type="button" className="text-ink-300 underline" onClick={() => setAsking(false)}>
        Keep
      </button>
      {remove.error ? <span className="text-red-300">{errorMessage(remove.error)}</span> : null}
    </span>
  );
}

/** The character's bundles and what is in them; admins create bundles and move photos in and out. */
export function BundleContents({
  character,
  canEdit,
}: {
  character: AdminCharacterDetail;
  canEdit: boolean;
}) {
  return (
    <div className="space-y-3">
      {character.bundles.length === 0 ? <p className="text-sm text-ink-400">No bundles yet.</p> : null}
      <ul className="space-y-3">
        {character.bundles.map((bundle) => (
          <BundleCard key={bundle.id} bundle={bundle} media={character.media} canEdit={canEdit} />
        ))}
      </ul>
      {canEdit ? <NewBundleForm characterId={character.id} /> : null}
    </div>
  );
}
