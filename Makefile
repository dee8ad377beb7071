# NetSizer — the two promises of the README:
#   make run   installs what is missing, builds, opens the designer on the VGG16 example
#   make test  installs what is missing, builds, runs every test (CTest, offscreen)
#   make install PREFIX=…  builds and installs (bin/, share/applications, share/icons, share/netsizer)
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
EXAMPLE ?= resources/examples/vgg16.json
PREFIX ?= /usr/local

.PHONY: all deps configure build run test bench install clean

all: build

deps:
	./scripts/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	./$(BUILD_DIR)/app/netsizer $(EXAMPLE)

test: build
	-./scripts/install-test-extras.sh
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

# Honours DESTDIR (staged installs for packaging): make install PREFIX=/usr DESTDIR=/tmp/stage
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

bench: build
	./$(BUILD_DIR)/tests/bench/netsizer-bench-core

clean:
	rm -rf $(BUILD_DIR)
