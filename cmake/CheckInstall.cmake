# ctest install_desktop_entry: cmake -DBUILD_DIR=… -DPREFIX=… -DICON_SIZES=… -DEXAMPLES_DIR=…
# -DVALIDATE=… -P CheckInstall.cmake. Installs BUILD_DIR into a fresh PREFIX, then checks the
# freedesktop layout: both executables (they run from the prefix), the desktop entry
# (desktop-file-validate passes; Exec and Icon name what was installed), the scalable icon and
# one PNG per size with that pixel size in its header, every example model. ICON_SIZES is
# comma-separated. Without desktop-file-validate it says so and stops (CTest: skipped).
string(REPLACE "," ";" ICON_SIZES "${ICON_SIZES}")
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}\n${err}")
endif()

function(expect path)
  if(NOT EXISTS "${PREFIX}/${path}")
    message(FATAL_ERROR "not installed: ${PREFIX}/${path}")
  endif()
endfunction()

foreach(exe netsizer netsizer-cli)
  expect(bin/${exe})
endforeach()
# The designer starts from the prefix (offscreen) and prints its usage.
execute_process(COMMAND "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen "${PREFIX}/bin/netsizer" --help
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--screenshot")
  message(FATAL_ERROR "installed netsizer --help failed (${rc}):\n${out}\n${err}")
endif()
execute_process(COMMAND "${PREFIX}/bin/netsizer-cli" estimate "${PREFIX}/share/netsizer/examples/lenet5.json" --batch 4
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "LeNet|lenet|peak|Peak")
  message(FATAL_ERROR "installed netsizer-cli failed on the installed lenet5 example (${rc}):\n${out}\n${err}")
endif()

set(desktop share/applications/netsizer.desktop)
expect(${desktop})
file(READ "${PREFIX}/${desktop}" entry)
if(NOT entry MATCHES "\nExec=netsizer( |\n)" OR NOT entry MATCHES "\nIcon=netsizer\n")
  message(FATAL_ERROR "${desktop}: Exec and Icon must name the installed netsizer")
endif()

expect(share/icons/hicolor/scalable/apps/netsizer.svg)
foreach(size ${ICON_SIZES})
  set(png "${PREFIX}/share/icons/hicolor/${size}x${size}/apps/netsizer.png")
  expect(share/icons/hicolor/${size}x${size}/apps/netsizer.png)
  # PNG signature, then the IHDR chunk: width and height as 4-byte big-endian at offset 16.
  file(READ "${png}" head LIMIT 24 HEX)
  string(SUBSTRING "${head}" 0 16 signature)
  string(SUBSTRING "${head}" 32 8 width_hex)
  string(SUBSTRING "${head}" 40 8 height_hex)
  math(EXPR width "0x${width_hex}")
  math(EXPR height "0x${height_hex}")
  if(NOT signature STREQUAL "89504e470d0a1a0a" OR NOT width EQUAL size OR NOT height EQUAL size)
    message(FATAL_ERROR "${png}: not a ${size}×${size} PNG (${signature}, ${width}×${height})")
  endif()
endforeach()

file(GLOB examples RELATIVE "${EXAMPLES_DIR}" "${EXAMPLES_DIR}/*.json")
list(LENGTH examples count)
if(count EQUAL 0)
  message(FATAL_ERROR "no examples found in ${EXAMPLES_DIR}")
endif()
foreach(e ${examples})
  expect(share/netsizer/examples/${e})
endforeach()

if(NOT VALIDATE)
  message("desktop-file-validate not found (Debian desktop-file-utils): skipped")
  file(REMOVE_RECURSE "${PREFIX}")
  return()
endif()
execute_process(COMMAND "${VALIDATE}" "${PREFIX}/${desktop}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT "${out}${err}" STREQUAL "")
  message(FATAL_ERROR "desktop-file-validate ${desktop} (${rc}):\n${out}${err}")
endif()
file(REMOVE_RECURSE "${PREFIX}")
message("installed and validated: ${count} examples, icon sizes ${ICON_SIZES}")
