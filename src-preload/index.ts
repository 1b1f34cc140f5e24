import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

// Sandboxed preload: exposes named functions only, never ipcRenderer itself.
contextBridge.exposeInMainWorld('lantern', createBridge(ipcRenderer));
