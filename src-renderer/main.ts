/** Renderer entry: mounts the editor. */
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('#app missing from index.html');
mount(App, { target });
