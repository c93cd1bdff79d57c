/**
 * Pan and zoom of the board by changing its viewBox: buttons, mouse wheel, pointer drag and
 * two-finger pinch (pointer events, so mouse, pen and touch share one path). Zoom 1 shows the
 * whole board; only while zoomed does a drag pan the board instead of the page.
 */
import { BOARD_BOX, panBy, zoomAbout, MAX_ZOOM, type Box, type Pt } from '../geometry';

/** A pointer that moved this far (CSS px) is a drag, and its click is swallowed. */
const DRAG_PX = 5;

export class PanZoom {
	vb = $state<Box>(BOARD_BOX);
	readonly zoom = $derived(BOARD_BOX.w / this.vb.w);
	readonly zoomed = $derived(this.zoom > 1.001);
	readonly atMax = $derived(this.zoom >= MAX_ZOOM - 0.001);
	readonly viewBox = $derived(`${this.vb.x} ${this.vb.y} ${this.vb.w} ${this.vb.h}`);

	#svg: () => SVGSVGElement | undefined;
	#pointers = new Map<number, Pt>();
	#travel = 0;
	#dragged = false;

	constructor(svg: () => SVGSVGElement | undefined) {
		this.#svg = svg;
	}

	/** CSS px per board unit and the letterbox offset (preserveAspectRatio xMidYMid meet). */
	#frame() {
		const rect = this.#svg()?.getBoundingClientRect();
		if (!rect || rect.width === 0) return null;
		const k = Math.min(rect.width / this.vb.w, rect.height / this.vb.h);
		return { rect, k, ox: (rect.width - this.vb.w * k) / 2, oy: (rect.height - this.vb.h * k) / 2 };
	}

	toBoard(client: Pt): Pt {
		const f = this.#frame();
		if (!f) return { x: this.vb.x + this.vb.w / 2, y: this.vb.y + this.vb.h / 2 };
		return { x: this.vb.x + (client.x - f.rect.left - f.ox) / f.k, y: this.vb.y + (client.y - f.rect.top - f.oy) / f.k };
	}

	zoomBy(factor: number, at?: Pt): void {
		this.vb = zoomAbout(BOARD_BOX, this.vb, factor, at ?? { x: this.vb.x + this.vb.w / 2, y: this.vb.y + this.vb.h / 2 });
	}

	reset(): void {
		this.vb = BOARD_BOX;
	}

	/** Bring a board point into view (keyboard focus on a target outside the zoomed view). */
	show(p: Pt, pad = 40): void {
		const { x, y, w, h } = this.vb;
		if (p.x - pad >= x && p.x + pad <= x + w && p.y - pad >= y && p.y + pad <= y + h) return;
		this.vb = panBy(BOARD_BOX, this.vb, p.x - (x + w / 2), p.y - (y + h / 2));
	}

	wheel = (e: WheelEvent): void => {
		const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
		// At zoom 1 a wheel turned to zoom out scrolls the page as usual.
		if (factor < 1 && !this.zoomed) return;
		e.preventDefault();
		this.zoomBy(factor, this.toBoard({ x: e.clientX, y: e.clientY }));
	};

	down = (e: PointerEvent): void => {
		if (e.pointerType === 'mouse' && e.button !== 0) return;
		this.#pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
		if (this.#pointers.size === 1) {
			this.#travel = 0;
			this.#dragged = false;
		}
	};

	move = (e: PointerEvent): void => {
		const prev = this.#pointers.get(e.pointerId);
		if (!prev) return;
		const now = { x: e.clientX, y: e.clientY };
		const f = this.#frame();
		if (!f) return;
		if (this.#pointers.size === 2) {
			const other = [...this.#pointers.entries()].find(([id]) => id !== e.pointerId)![1];
			const before = Math.hypot(prev.x - other.x, prev.y - other.y);
			const after = Math.hypot(now.x - other.x, now.y - other.y);
			const mid = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
			this.#pointers.set(e.pointerId, now);
			if (before > 0) this.zoomBy(after / before, this.toBoard(mid));
			this.#dragged = true;
			return;
		}
		this.#pointers.set(e.pointerId, now);
		this.#travel += Math.hypot(now.x - prev.x, now.y - prev.y);
		if (!this.zoomed || this.#travel < DRAG_PX) return;
		if (!this.#dragged) (e.currentTarget as Element | null)?.setPointerCapture?.(e.pointerId);
		this.#dragged = true;
		this.vb = panBy(BOARD_BOX, this.vb, -(now.x - prev.x) / f.k, -(now.y - prev.y) / f.k);
	};

	up = (e: PointerEvent): void => {
		this.#pointers.delete(e.pointerId);
	};

	/** Capture-phase click: a drag or pinch that ends over a target must not pick it. */
	click = (e: MouseEvent): void => {
		if (!this.#dragged) return;
		this.#dragged = false;
		e.stopPropagation();
		e.preventDefault();
	};
}
