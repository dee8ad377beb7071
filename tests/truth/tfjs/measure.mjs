// Measures one SGD training step of Keras / TF.js models under TF.js 4.22 (CPU backend, pure
// JavaScript): tf.profile()'s peakBytes (the most tensor bytes alive at any kernel of the step,
// weights and the batch included) at batch 1, 8 and 32, beside the bytes alive before the step
// (weights + batch + targets). Run by hand, not by `make test`:
//
//   cd tests/truth/tfjs && npm install && node measure.mjs [--models DIR] [--only a,b] [--batches 1,8]
//                                                          [--no-warmup] [--breakdown]
//
// keptBytes: what the tape keeps for backward when the forward ends — the distinct buffers of
// every tape node's `saved` tensors (engine.ts addTapeNode), the weights and the batch left out:
// the figure to set beside NetSizer's activations component.
//
// Writes out/tfjs_peaks.json and prints one line per model and batch. docs/accuracy.md
// ("TensorFlow profile against TF.js") puts these figures beside netsizer-cli's.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import * as tfl from '@tensorflow/tfjs-layers';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const argModels = process.argv.indexOf('--models');
const modelsDir = argModels > 0 ? process.argv[argModels + 1] : join(here, '../../../../shared/models');
const argBatches = process.argv.indexOf('--batches');
const batches = argBatches > 0 ? process.argv[argBatches + 1].split(',').map(Number) : [1, 8, 32];
const warmup = !process.argv.includes('--no-warmup');

// Keras 2 to_json() files and TF.js layers models that tfjs-layers can build (Keras 1 class
// names such as Convolution2D are not registered in tfjs-layers), and the 180×50×1 CNN of
// resources/examples/cnn_180x50.json written as the Keras model NetSizer's Keras export gives.
const files = [
  'keras/dl4j_mnist_cnn_tf_keras_2_config.json',
  'keras/dl4j_model_2_2_4.json',
  'keras/dl4j_simple_add_tf_keras_2.json',
  'tfjs/tfjs_examples_abalone_model.json',
];

function cnn180x50() {
  const m = tfl.sequential({ name: 'cnn_180x50' });
  // [C, H, W] = [1, 180, 50] in NetSizer is (180, 50, 1) channels-last in Keras.
  m.add(tfl.layers.conv2d({ inputShape: [180, 50, 1], filters: 32, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tfl.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tfl.layers.conv2d({ filters: 64, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tfl.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tfl.layers.conv2d({ filters: 128, kernelSize: 3, padding: 'same', activation: 'relu' }));
  m.add(tfl.layers.maxPooling2d({ poolSize: 2 }));
  m.add(tfl.layers.flatten());
  m.add(tfl.layers.dense({ units: 1024, activation: 'relu' }));
  m.add(tfl.layers.dropout({ rate: 0.5 }));
  m.add(tfl.layers.dense({ units: 36 }));
  return m;
}

async function load(rel) {
  const doc = JSON.parse(readFileSync(join(modelsDir, rel), 'utf8'));
  const topology = doc.modelTopology ?? doc; // TF.js model.json or a bare Keras to_json()
  return tfl.models.modelFromJSON({ modelTopology: topology });
}

function inputsFor(model, batch) {
  return model.inputs.map(t => {
    const shape = [batch, ...t.shape.slice(1)];
    return t.dtype === 'int32' ? tf.zeros(shape, 'int32') : tf.randomNormal(shape);
  });
}

const bytesPer = { float32: 4, int32: 4, bool: 1 };

// Distinct buffers the tape's nodes keep, without `exclude` (weights, batch, targets).
// With --breakdown, also prints them by kernel (first keeper) and shape.
const breakdown = process.argv.includes('--breakdown');
function tapeKeptBytes(exclude) {
  const seen = new Set(exclude);
  let kept = 0;
  for (const node of tf.engine().state.activeTape ?? [])
    for (const t of node.saved ?? []) {
      if (seen.has(t.dataId)) continue;
      seen.add(t.dataId);
      const bytes = t.size * (bytesPer[t.dtype] ?? 4);
      kept += bytes;
      if (breakdown) console.log(`  kept by ${node.kernelName}: [${t.shape}] ${t.dtype} ${bytes} B`);
    }
  return kept;
}

async function measure(name, model, batch) {
  const xs = inputsFor(model, batch);
  const ys = model.outputs.map(t => tf.zeros([batch, ...t.shape.slice(1)]));
  const optimizer = tf.train.sgd(0.01);
  let keptBytes = 0;
  const step = () =>
    optimizer.minimize(() => {
      let out = model.apply(xs.length === 1 ? xs[0] : xs, { training: true });
      if (!Array.isArray(out)) out = [out];
      const loss = tf.addN(out.map((o, i) => tf.losses.meanSquaredError(ys[i], o)));
      // The variables' buffers as they are now (SGD's assign gives each step new ones).
      keptBytes = tapeKeptBytes([...model.weights.map(w => w.read().dataId), ...xs.map(x => x.dataId),
                                 ...ys.map(y => y.dataId)]);
      return loss;
    }, true);
  // One step first: TF.js creates nothing lazily for SGD, but kernels may cache (e.g. im2col
  // shapes); the measured step is the second.
  if (warmup) tf.dispose(step());
  const before = tf.memory().numBytes;
  const info = await tf.profile(() => step());
  tf.dispose(info.result);
  tf.dispose([...xs, ...ys]);
  const row = { model: name, batch, bytesBefore: before, peakBytes: info.peakBytes, stepBytes: info.peakBytes - before,
                keptBytes, newBytes: info.newBytes, kernels: info.kernels.length };
  console.log(`${name} batch ${batch}: before ${before} B, peak ${info.peakBytes} B (+${row.stepBytes}), kept ${keptBytes} B, ` +
              `kernels ${row.kernels}`);
  return row;
}

const results = [];
// Rewritten after every batch, so a run stopped early keeps what it measured.
const outName = only < 0 ? 'tfjs_peaks.json' : `tfjs_peaks_${wanted.join('_').replace(/[^A-Za-z0-9_]/g, '')}.json`;
function writeResults() {
  mkdirSync(join(here, 'out'), { recursive: true });
  writeFileSync(join(here, 'out', outName),
                JSON.stringify({ tfjs: tf.version_core, backend: tf.getBackend(), warmup, results }, null, 1) + '\n');
}
// --only a,b: the models whose path contains one of the names; --batches 1,8: other batches;
// --no-warmup: measure the first step (SGD has no state to create; for the slow CNN).
const only = process.argv.indexOf('--only');
const wanted = only < 0 ? [] : process.argv[only + 1].split(',');
const picked = name => only < 0 || wanted.some(w => name.includes(w));
const models = files.filter(picked).map(f => [f, () => load(f)]);
if (picked('resources/examples/cnn_180x50.json'))
  models.push(['resources/examples/cnn_180x50.json (as Keras)', async () => cnn180x50()]);
for (const [name, make] of models) {
  let model;
  try {
    model = await make();
  } catch (e) {
    console.log(`${name}: not buildable in tfjs-layers (${e.message.split('\n')[0]})`);
    results.push({ model: name, error: e.message.split('\n')[0] });
    continue;
  }
  const params = model.countParams();
  for (const b of batches) {
    try {
      results.push({ ...(await measure(name, model, b)), params });
      writeResults();
    } catch (e) {
      console.log(`${name} batch ${b}: ${e.message.split('\n')[0]}`);
      results.push({ model: name, batch: b, error: e.message.split('\n')[0] });
    }
  }
  model.dispose();
}

writeResults();
