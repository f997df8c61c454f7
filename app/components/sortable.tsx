// Drag-to-reorder with dnd-kit for grids and lists: a mouse drags after moving
// a few pixels, a finger after a short press (so the page still scrolls), and
// the keyboard works through each item's drag handle (Space or Enter to pick
// up, arrow keys to move, Space or Enter to drop, Escape to cancel), with
// spoken announcements that name the item and its position.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVerticalIcon } from "lucide-react";
import { useId, useRef, type ComponentProps, type CSSProperties, type PointerEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/** Mouse and pen only: touches go to the TouchSensor, whose press delay leaves scrolling alone. */
class MouseOrPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent: event }: PointerEvent) =>
        event.pointerType !== "touch" && event.isPrimary && event.button === 0,
    },
  ];
}

const INSTRUCTIONS =
  "To reorder, press Space or Enter on a drag handle to pick the item up, use the arrow keys to move it, " +
  "then press Space or Enter to drop it, or Escape to cancel.";

export interface SortableAreaProps {
  /** The ids in their current order. */
  ids: readonly string[];
  /** Called on drop with the ids in their new order (only when it changed). */
  onReorder(ids: string[]): void;
  /** What a person calls the item ("Rope bridge", "image 3"), for the announcements. */
  nameOf(id: string): string;
  /** "grid" lets items move in two dimensions; "list" keeps them in one column. */
  layout?: "grid" | "list";
  children: ReactNode;
}

export function SortableArea({ ids, onReorder, nameOf, layout = "grid", children }: SortableAreaProps) {
  // A stable id keeps dnd-kit's aria-describedby the same on the server and in the browser.
  const contextId = useId();
  const sensors = useSensors(
    useSensor(MouseOrPenSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  // dnd-kit reports the item over its own place as soon as it is picked up: saying so would
  // replace "Picked up…" before a screen reader read it, so only real moves are announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${name(active.id)}. It is in ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${name(active.id)} moved to ${position(over.id)}.` : `${name(active.id)} is not over a position.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${name(active.id)} is back in ${position(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...ids], from, to));
  }

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={ids as string[]}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** Spread on an item's drag handle: dnd-kit's listeners, attributes and ref. */
export type DragHandleProps = ComponentProps<"button">;

/** One item of a SortableArea, as an `<li>`; `children` gets the props of its drag handle. */
export function SortableItem({
  id,
  className,
  children,
  ...rest
}: { id: string; children(handle: DragHandleProps, isDragging: boolean): ReactNode } & Omit<
  ComponentProps<"li">,
  "children" | "id"
>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  const handle = { ...attributes, ...listeners, ref: setActivatorNodeRef } as DragHandleProps;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-dragging={isDragging || undefined}
      className={cn("relative data-[dragging]:z-10 data-[dragging]:opacity-80 data-[dragging]:shadow-lg", className)}
      {...rest}
    >
      {children(handle, isDragging)}
    </li>
  );
}

/** The visible grip that picks an item up (by mouse, touch or keyboard). */
export function DragHandle({
  label,
  dragging,
  className,
  ...props
}: DragHandleProps & {
  /** e.g. "Reorder Rope bridge". */
  label: string;
  dragging: boolean;
}) {
  return (
    <button
      type="button"
      {...props}
      aria-label={label}
      title={label}
      data-dragging={dragging || undefined}
      className={cn(
        "inline-flex size-9 shrink-0 cursor-grab touch-manipulation items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing data-[dragging]:cursor-grabbing data-[dragging]:bg-accent data-[dragging]:text-accent-foreground",
        className,
      )}
    >
      <GripVerticalIcon aria-hidden="true" className="size-4" />
    </button>
  );
}
