// What every view of the dashboard shares: its error line, its note, its download links.
import { ApiError, keyedDownload, url } from './api.js';

export class Panel {
  constructor(id) {
    this.element = document.getElementById(id);
    this.errorLine = this.element.querySelector('.error');
    this.noteLine = this.element.querySelector('.note');
    this.downloadLinks = this.element.querySelector('.downloads');
  }

  part(selector) {
    return this.element.querySelector(selector);
  }

  /**
   * Runs one refresh of the view and gives what it gave; an API error becomes the panel's message
   * instead of a broken view.
   */
  async show(render) {
    this.error(null);
    this.element.classList.add('loading');
    try {
      return await render();
    } catch (e) {
      this.error(e.message);
      if (!(e instanceof ApiError)) console.error(e);
    } finally {
      this.element.classList.remove('loading');
    }
  }

  error(message) {
    this.errorLine.hidden = !message;
    this.errorLine.textContent = message || '';
  }

  note(text) {
    if (this.noteLine) this.noteLine.textContent = text || '';
  }

  /** Links to the same answer in the API's other formats: {label: [query, params, format]}. */
  downloads(links) {
    if (!this.downloadLinks) return;
    this.downloadLinks.replaceChildren(...Object.entries(links).map(([label, [name, params, format]]) => {
      const link = document.createElement('a');
      link.href = url(`/queries/${name}`, { ...params, format });
      link.textContent = label;
      link.download = `${name}.${format}`;
      return keyedDownload(link);
    }));
  }
}

/** Colours told apart at a glance, for clusters and components; beyond them, grey. */
export const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f'];
export const GREY = '#b0b4ba';

/** A panel's own controls (its form), kept in the page's URL beside the selection so that a view can be shared. */
export class Controls {
  constructor(panel, names) {
    this.form = panel.part('form.controls');
    this.names = names;
  }

  value(name) {
    return this.form.elements[name].value;
  }

  /** Sets the controls to what the URL says, where it says it. */
  fromUrl() {
    const params = new URLSearchParams(window.location.search);
    for (const name of this.names) if (params.get(name)) this.form.elements[name].value = params.get(name);
  }

  /** Puts the controls in the URL, replacing what it said of them. */
  toUrl() {
    const params = new URLSearchParams(window.location.search);
    for (const name of this.names) params.set(name, this.form.elements[name].value);
    window.history.replaceState(null, '', `?${params}`);
  }
}

/** An ECharts chart in a panel's chart box, resized with the window. */
export function chartIn(panel) {
  const box = panel.part('.chart');
  let chart = echarts.getInstanceByDom(box);
  if (!chart) {
    chart = echarts.init(box);
    window.addEventListener('resize', () => chart.resize());
  }
  return chart;
}

export function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.append(td);
  return td;
}
