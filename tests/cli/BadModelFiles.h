#pragma once
// The malformed model files of the bad-input catalogue, one row per file: every format NetSizer
// reads (native JSON, Keras JSON, Caffe prototxt, ONNX), written by the tests that use them —
// netsizer-cli must exit 2 with the located error, the designer must show it in a dialog and keep
// the open document.

#include <QByteArray>
#include <QString>

#include <vector>

struct BadModelFile {
    const char* row;     // the test row's name, "format: what is wrong"
    QString file;        // the file's name (its extension picks the reader)
    QByteArray content;
    QString location;    // how the error starts: the file name, then line / JSON pointer / node
    QString phrase;      // a phrase naming the problem (may be empty)
};

// A Caffe net: data [2, 3, 8, 8] then `layers`; and a 3×3 Convolution "conv" of it (lines 4–9).
QByteArray caffe(const QByteArray& layers);
extern const QByteArray kCaffeConv;

// Every row, in the catalogue's order. Two rows hold a 50 MB name.
std::vector<BadModelFile> badModelFiles();
